// The security headers every answer carries (Content-Security-Policy, HSTS behind HTTPS, …),
// from `helmet`. @fastify/helmet runs helmet's middleware anew on every request — parsing the
// CSP directives and building a dozen middlewares each time, a twentieth of a signed-in
// request's CPU (issue 30 item 6). Our headers depend on the configuration only, never on the
// request, so helmet runs once at start-up against a recorder and every answer gets the
// recorded headers.
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The headers helmet sets (name → value) and the ones it removes, for these options. */
export function helmetHeaders(options: HelmetOptions): {
  set: [string, string][];
  remove: string[];
} {
  const set: [string, string][] = [];
  const remove: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      remove.push(name);
    },
  };
  let failed: unknown;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (err?: unknown) => (failed = err),
  );
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return { set, remove };
}

export const securityHeadersPlugin = fp<HelmetOptions>(async (app, options) => {
  const { set, remove } = helmetHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    // Into the answer's own headers, not the raw response's: Node then checks and writes them
    // once, with the rest, when the answer is sent — a header set on the raw response makes
    // it take every header through setHeader a second time (a hijacked answer, the live
    // stream, copies them over: modules/events/routes.ts).
    for (const [name, value] of set) reply.header(name, value);
    const res = reply.raw;
    for (const name of remove) if (res.hasHeader(name)) res.removeHeader(name);
    done();
  });
});
