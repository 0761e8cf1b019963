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

/**
 * Where to go after sign-in, only when it is a path of this application: resolved by the URL
 * parser first, so what is checked is what the browser would open ('//evil', '/\\evil',
 * '/\t/evil', 'javascript:' and encoded variants all leave the origin and are refused). Returns
 * the parser's normalised path, query and fragment, or null. The web client and the server (the
 * SSO start) both use it.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH || !value.startsWith('/') || hasAmbiguousCharacter(value)) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
