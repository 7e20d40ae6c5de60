/**
 * zod for every schema in lib/validation. In the browser, object parsers are not compiled with `new Function`
 * (jitless): the Content-Security-Policy has no 'unsafe-eval', so zod's probe for eval would be a CSP violation
 * on every page with a form (an issue in the browser's Issues panel, and a Lighthouse best-practices finding).
 * It must run before any schema is made, hence every schema module imports z from here. The server keeps the
 * compiled parsers.
 */
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
