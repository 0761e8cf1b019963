import { describe, expect, it } from 'vitest';
import { isUnsafeText, unsafeTextPath } from './text';

describe('unsafe text', () => {
  it('refuses NUL and unpaired surrogates, and accepts every paired character', () => {
    expect(isUnsafeText('a\u0000b')).toBe(true);
    expect(isUnsafeText('\uD800')).toBe(true);
    expect(isUnsafeText('x\uDC00')).toBe(true);
    expect(isUnsafeText('\uDC00\uD800')).toBe(true);
    expect(isUnsafeText('😀 émoji – ü')).toBe(false);
    expect(isUnsafeText('\u0001 tab\t line\n')).toBe(false);
  });

  it('names the path of the first unsafe string or key in a value', () => {
    expect(unsafeTextPath({ a: [{ b: 'ok' }, { c: 'bad\u0000' }] })).toBe('a.1.c');
    expect(unsafeTextPath({ ['k\uD800']: 1 })).toBe('k\uD800');
    expect(unsafeTextPath('\uDFFF')).toBe('body');
    expect(unsafeTextPath({ a: 1, b: [true, null, 'fine'] })).toBeNull();
  });

  it('walks a value nested far deeper than the call stack allows', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(unsafeTextPath(deep)).toMatch(/^0(\.0)+$/);
  });
});
