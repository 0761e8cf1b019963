import { describe, expect, it } from 'vitest';
import { ACCESS_KEYS, toAccessMap } from './access';
import { holdsAll, NO_RIGHTS, rightsBeyond, rightsOf, rightsOfProfile } from './rights';

const CLOSE = 'formSubmissionClose';

describe('holdsAll: nobody gives or manages rights they do not hold', () => {
  it('compares keys: a role with a key the actor lacks is beyond it', () => {
    const coordinator = rightsOf(['formSubmission', 'hrEmployee']);
    const administrator = rightsOf(['formSubmission', 'hrEmployee', 'system']);
    expect(holdsAll(administrator, coordinator)).toBe(true);
    expect(holdsAll(coordinator, administrator)).toBe(false);
    expect(rightsBeyond(coordinator, administrator)).toEqual(['system']);
  });

  it('compares restrictions: a role free of one the actor is bound by is beyond it', () => {
    const restricted = rightsOf(['formSubmission'], [CLOSE], [CLOSE]);
    const free = rightsOf(['formSubmission'], [], [CLOSE]);
    expect(holdsAll(free, restricted)).toBe(true);
    expect(rightsBeyond(restricted, free)).toEqual([CLOSE]);
  });

  it('no role, or a role without keys, holds nothing: anyone may give it', () => {
    expect(rightsOf([], [], [CLOSE])).toBe(NO_RIGHTS);
    expect(holdsAll(rightsOf(['task'], [CLOSE], [CLOSE]), NO_RIGHTS)).toBe(true);
  });

  it('reads a permission profile as the server reads the role', () => {
    const profile = {
      access: toAccessMap(Object.fromEntries(ACCESS_KEYS.map((key) => [key, key !== 'system'])), {
        supplierPortal: false,
        supplierAccess: false,
      }),
      accessRestriction: [{ keyField: CLOSE, isAccess: 'no' as const }],
    };
    const rights = rightsOfProfile(profile);
    expect(rights.keys.has('system')).toBe(false);
    expect(rights.keys.has('hrEmployee')).toBe(true);
    expect(rights.free.has(CLOSE)).toBe(false);
    expect(holdsAll(rights, rightsOf(['hrEmployee'], [], [CLOSE]))).toBe(false);
  });
});
