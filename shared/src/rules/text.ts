/**
 * Text the database can store and every screen can show: no NUL character (PostgreSQL's text
 * cannot hold it) and no half of a surrogate pair (it is no character at all, and UTF-8 cannot
 * encode it). Checked on every request before its schema, so no route can forget it.
 */
export const UNSAFE_TEXT_MESSAGE = 'Text cannot contain NUL characters or broken (unpaired) characters.';

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isUnsafeText = (text: string): boolean =>
  text.includes('\u0000') || UNPAIRED_SURROGATE.test(text);

/**
 * The path ('a.b.0') of the first unsafe string or key in a JSON value, or null. Iterative, so
 * a deeply nested body cannot exhaust the stack.
 */
export function unsafeTextPath(value: unknown): string | null {
  const pending: Array<[unknown, string]> = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (isUnsafeText(current)) return path || 'body';
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (isUnsafeText(key)) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}
