import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One policy per area (docs/architecture.md): every server module that answers calls says in its
 * policy.ts who may see or change what. The modules below answer calls but decide nothing of
 * their own about who sees what, each for the reason given.
 */
const EXEMPT: Record<string, string> = {
  health: 'answers anyone about the service itself; no record of anyone',
  configuration: 'answers anyone the same start-up settings; no record of anyone',
  password: 'guests only: the reset or invitation token in the request is the grant, checked where redeemed',
  sso: "guests only: signs in whoever the organisation's provider verified, as password sign-in does",
  closeOff: 'closes a record under the ClosePolicy of the area whose record it is (submissions, audits)',
  dashboard: "lists other areas' items through their policies (the noticeboard's audience, assignees, tasks)",
  risks: 'a register of the register kit: its rules are registerParts/policy.ts',
  hazardous: 'a register of the register kit: its rules are registerParts/policy.ts',
};

const MODULES = path.resolve(import.meta.dirname, '..', 'src', 'modules');

/** The modules whose files register calls. */
function modulesWithCalls(): string[] {
  return fs
    .readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) =>
      fs
        .readdirSync(path.join(MODULES, name))
        .filter((file) => file.endsWith('.ts'))
        .some((file) => fs.readFileSync(path.join(MODULES, name, file), 'utf8').includes('registerCall(')),
    );
}

describe('area policies', () => {
  it('every module that answers calls has a policy.ts, or is exempt with a reason', () => {
    const modules = modulesWithCalls();
    expect(modules.length).toBeGreaterThan(20);
    const missing = modules.filter(
      (name) => !(name in EXEMPT) && !fs.existsSync(path.join(MODULES, name, 'policy.ts')),
    );
    expect(missing).toEqual([]);
  });

  it('exempts only modules that answer calls and have no policy', () => {
    const modules = modulesWithCalls();
    const stale = Object.keys(EXEMPT).filter(
      (name) => !modules.includes(name) || fs.existsSync(path.join(MODULES, name, 'policy.ts')),
    );
    expect(stale).toEqual([]);
  });
});
