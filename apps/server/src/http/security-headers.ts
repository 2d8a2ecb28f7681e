import type { ServerResponse } from 'node:http';
import { fastifyHelmet } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer: the web app's pages, its
 * assets, the API and its documentation page. It guards the session: the
 * bearer token lives in localStorage (README, "Security headers and
 * sessions"), so what must never happen is someone else's script running on
 * this origin. Hence script-src of this origin's files only, with no inline
 * script and no eval.
 */
function policyDirectives(frameAncestors: readonly string[]): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    // Vite emits only <script src> of our own files; the app evaluates no strings (zod runs jitless).
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    // MapLibre's and pdf.js's workers are files of the build (setWorkerUrl, GlobalWorkerOptions.workerSrc)
    // started from this origin, so no blob: worker is needed.
    workerSrc: ["'self'"],
    // Mantine writes its theme (CSS variables) and component styles into <style> elements at run time, and
    // Recharts, tiptap and MapLibre's controls set style attributes; neither can carry a nonce. Injected CSS
    // cannot run script, and the token is not in the page's DOM for a selector to read.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Any https host rather than a list computed from the configuration: the hosts of tiles, styles, glyphs,
    // sprites and TileJSON come from the base map setting (one per application too), the extra layers, the
    // groups' tile metadata, Google's tiles when a key is set, and from remote style documents that name
    // further hosts only once fetched; help articles show images by address. The single page keeps the
    // policy of its first load while it moves to /app/{id}/ or while an administrator changes these, so a
    // computed list would blank maps until a reload. What must be stopped is foreign script, which
    // script-src does whatever these allow. Plain http: is left out (a page on https could not load it).
    connectSrc: ["'self'", 'https:', 'data:', 'blob:'],
    imgSrc: ["'self'", 'https:', 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // A host app's WebView is not a frame; a web page that frames the product must be named (FRAME_ANCESTORS).
    frameAncestors: ["'self'", ...frameAncestors],
  };
}

/** The policy as helmet writes it (helmet checks each directive and source on the way). */
function renderPolicy(directives: Record<string, string[]>): string {
  let header = '';
  const collector = {
    setHeader: (_name: string, value: string) => {
      header = value;
    },
  };
  fastifyHelmet.contentSecurityPolicy({ useDefaults: false, directives })(
    undefined as never,
    collector as unknown as ServerResponse,
    () => {},
  );
  return header;
}

/**
 * Every security header, worked out once at start. @fastify/helmet would build
 * helmet's middlewares again on every request (about 30 µs here, as much as a
 * whole cheap public call: see the http-throughput bench); the values never
 * change while the process runs, so they are set from one object.
 */
export function securityHeaders(frameAncestors: readonly string[]): Record<string, string> {
  return {
    'content-security-policy': renderPolicy(policyDirectives(frameAncestors)),
    // X-Frame-Options can name no other origin; where some may frame the product, frame-ancestors alone
    // decides (browsers that know it ignore X-Frame-Options anyway).
    ...(frameAncestors.length === 0 ? { 'x-frame-options': 'SAMEORIGIN' } : {}),
    'x-content-type-options': 'nosniff',
    // Only the origin goes to other hosts: Google's tiles check it against the key's allowed referrers.
    'referrer-policy': 'strict-origin-when-cross-origin',
    // No Cross-Origin-Embedder-Policy: requiring CORP or CORS of every subresource would blank the tiles and
    // images of hosts that send neither. Cross-Origin-Resource-Policy allows other sites: nothing here is
    // credentialed by a cookie (sessions are bearer headers), and the app icon, the app stylesheet and the
    // public map data are meant for other sites too.
    'cross-origin-resource-policy': 'cross-origin',
    // External applications open in a new tab; nothing reads window.opener across origins.
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    // This host only: the product cannot know what else lives under its parent domain. Browsers ignore it on
    // plain http.
    'strict-transport-security': 'max-age=31536000',
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
    // The old XSS auditor did more harm than good; helmet turns it off the same way.
    'x-xss-protection': '0',
  };
}

/** Sets the security headers on every answer; a route may still set a stricter policy of its own (SVG files). */
export function registerSecurityHeaders(app: FastifyInstance, frameAncestors: readonly string[]) {
  const headers = securityHeaders(frameAncestors);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
