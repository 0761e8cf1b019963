import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers every response carries (docs/security.md, "Headers and downloads"). Scripts come
 * only from the product's own origin: no inline script and no eval, so injected markup cannot
 * run. Inline styles stay allowed: the toasts, the rich-text editor and the charts set them at
 * run time, and a style cannot run code. The page frames nothing, and frames of the product are
 * refused everywhere; HSTS is
 * sent only on https (behind a proxy, as TRUST_PROXY reports it), so a plain-http install is
 * never pinned to https.
 */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // 'wasm-unsafe-eval' lets the PDF preview's worker compile pdf.js's own WebAssembly decoders
      // (JPEG 2000, JBIG2, colour profiles), served by the product: it allows no JavaScript eval,
      // and WebAssembly reaches nothing but what the script that loads it hands it.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      // The product frames nothing: its PDFs are drawn by pdf.js into canvases.
      frameSrc: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // Sent below, only when the request came over https.
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets for `options`, read once: none of them varies by request, and
 * @fastify/helmet rebuilt them (parsing the policy again) on every request, about a tenth of a
 * trivial call's CPU (docs/performance.md, "The floor of a signed-in call").
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * An API answer is its caller's: a session token, names, personal data. No cache, the browser's or
 * a proxy's, keeps one unless its route sets its own header (a logo: fileHeaders' maxAge). Set
 * before the handler, so it is on every answer, refusals and the answer cache's bytes included.
 */
const API_ANSWER = { 'cache-control': 'no-store' };

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const headers = helmetHeaders(HELMET_OPTIONS);
  const overHttps = { ...headers, 'strict-transport-security': 'max-age=31536000; includeSubDomains' };
  const api = { ...headers, ...API_ANSWER };
  const apiOverHttps = { ...overHttps, ...API_ANSWER };
  app.addHook('onRequest', (request, reply, done) => {
    const https = request.protocol === 'https';
    if (request.url.startsWith('/api/')) reply.headers(https ? apiOverHttps : api);
    else reply.headers(https ? overHttps : headers);
    done();
  });
});
