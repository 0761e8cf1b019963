import { describe, expect, it } from 'vitest';
import { VersionedCache } from '../src/db/versionedCache';

/** A cache over versions set by the test, counting the version reads and the loads. */
function cacheOver(versions: Record<string, string | null>, maxSize = 10_000) {
  const counts = { versionReads: 0, loads: 0 };
  const cache = new VersionedCache<{ value: string }>(
    async (companyId) => {
      counts.versionReads += 1;
      return versions[companyId] ?? null;
    },
    { maxSize, sizeOf: () => 100 },
  );
  const load = (value: string) => async () => {
    counts.loads += 1;
    return { value };
  };
  return { cache, counts, load };
}

describe('VersionedCache', () => {
  it('serves a value while the organisation’s version stays, and loads again when it changes', async () => {
    const versions: Record<string, string | null> = { a: '1' };
    const { cache, counts, load } = cacheOver(versions);
    expect(await cache.get('a', 'k', load('first'))).toEqual({ value: 'first' });
    expect(await cache.get('a', 'k', load('second'))).toEqual({ value: 'first' });
    versions.a = '2';
    expect(await cache.get('a', 'k', load('third'))).toEqual({ value: 'third' });
    expect(counts).toEqual({ versionReads: 3, loads: 2 });
  });

  it('keeps nothing for an organisation without a version, or with no room', async () => {
    const none = cacheOver({ a: null });
    await none.cache.get('a', 'k', none.load('x'));
    await none.cache.get('a', 'k', none.load('x'));
    expect(none.counts.loads).toBe(2);

    const off = cacheOver({ a: '1' }, 0);
    expect(await off.cache.version('a')).toBeNull();
    await off.cache.get('a', 'k', off.load('x'));
    await off.cache.getAt('1', 'k', off.load('x'));
    expect(off.counts).toEqual({ versionReads: 0, loads: 2 });
  });

  it('loads a value once for simultaneous misses', async () => {
    const { cache, counts, load } = cacheOver({ a: '1' });
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('a', 'k', load('once'))));
    expect(answers.map((answer) => answer.value)).toEqual(['once', 'once', 'once']);
    expect(counts.loads).toBe(1);
  });

  it('reads under a version the call has read already, without reading it again', async () => {
    const versions: Record<string, string | null> = { a: '1' };
    const { cache, counts, load } = cacheOver(versions);
    const version = await cache.version('a');
    await cache.getAt(version, 'k', load('first'));
    expect(await cache.getAt(version, 'k', load('second'))).toEqual({ value: 'first' });
    expect(counts).toEqual({ versionReads: 1, loads: 1 });
    // A value loaded under an older version is not served under a newer one.
    versions.a = '2';
    expect(await cache.getAt(await cache.version('a'), 'k', load('third'))).toEqual({ value: 'third' });
    expect(await cache.getAt(null, 'k', load('fourth'))).toEqual({ value: 'fourth' });
    expect(counts).toEqual({ versionReads: 2, loads: 3 });
  });
});
