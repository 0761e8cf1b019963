/**
 * The WHATWG URL class, which Node and every browser provide but the ES library does not declare.
 * Only what the shared rules use; the server (Node's types) and the web client (DOM) see their own.
 */
declare class URL {
  constructor(url: string, base?: string);
  readonly origin: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}
