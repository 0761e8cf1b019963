/**
 * Return URLs that lead a sign-in to another site, each a known way past an open-redirect check:
 * the tests of safeReturnPath and of each of its users (the SSO start on the server; sign-in, the
 * SSO return and the account switcher on the web) run all of them. Add a new bypass here and every
 * side is tested with it.
 */
export const RETURN_URL_BYPASSES: readonly string[] = [
  // Another site outright, or scheme-relative.
  'https://evil.example/',
  'http:/evil.example',
  'https:evil.example',
  '//evil.example',
  '///evil.example',
  '////evil.example',
  '//evil.example@compass.invalid/',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  // Slashes the URL parser reads for '/': backslashes, and control characters it drops.
  '/\\evil.example',
  '\\/evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/\u0000/evil.example',
  ' /evil.example',
  // Dot segments that normalise to '//' (the parser's own result leaves the origin).
  '/.//evil.example/',
  '/..//evil.example/',
  '/./..//evil.example',
  '/././/evil.example',
  '/.///evil.example',
  '/.//.//evil.example',
  '/..//..//evil.example',
  '/a/..//evil.example',
  '/a/../..//evil.example',
  '/a/b/../..//evil.example',
  '/;/..//evil.example',
  '/.//evil.example:443/x',
  '/.//user@evil.example',
  '/.//evil.example?next=/dashboard#top',
  '/.//%65vil.example',
  '/.//%09evil.example',
  // The same with percent-encoded dots, which the parser treats as dots.
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/.%2e//evil.example',
  '/%2e/%2e//evil.example',
  '/a/.%2e//evil.example',
  // A '//host' that names this application's own placeholder origin is still another host to a browser.
  '/.//compass.invalid/dashboard',
];
