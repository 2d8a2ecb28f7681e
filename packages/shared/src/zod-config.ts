import { z } from 'zod';

/**
 * In the browser zod parses without generating code: the web app's
 * Content-Security-Policy forbids eval, and zod's probe for it (`new
 * Function`, at the first object schema it builds) would be reported as a
 * policy violation on every page load. The server keeps the faster generated
 * parsers. index.ts imports this first, so it runs before any schema is built.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });
