/** A base no real address has: a path resolved against it must keep this origin. */
const BASE = 'https://compass.invalid';
const MAX_LENGTH = 2048;

/** Backslashes and control characters: URL parsers drop or turn them into slashes ('/\t/x' is '//x'). */
function hasAmbiguousCharacter(value: string): boolean {
  for (const character of value) {
    const code = character.charCodeAt(0);
    if (character === '\\' || code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The path, query and fragment `value` resolves to on this origin, or null when it leaves it. */
function pathOnOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * Where to go after sign-in, only when it is a path of this application: resolved by the URL
 * parser first, so what is checked is what the browser would open ('//evil', '/\\evil',
 * '/\t/evil', 'javascript:' and encoded variants all leave the origin and are refused). The parser's
 * normalisation can itself make an address of another site ('/.//evil' and '/..//evil' become
 * '//evil'), so its result is checked again: it must resolve to itself on this origin. Returns the
 * normalised path, query and fragment, or null. The web client (sign-in, SSO return, account
 * switcher) and the server (the SSO start) both use it.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  // '//host/…' names a host, even the placeholder's: never a path of this application.
  if (
    !value ||
    value.length > MAX_LENGTH ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    hasAmbiguousCharacter(value)
  ) {
    return null;
  }
  const path = pathOnOrigin(value);
  return path !== null && pathOnOrigin(path) === path ? path : null;
}
