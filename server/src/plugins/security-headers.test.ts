// The security headers, computed once from helmet's options, on every answer (issue 30 item 6).
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, securityHeadersPlugin } from './security-headers';

const csp = { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'"] } };

describe('security headers', () => {
  it('are what helmet sets for the options, HSTS only when asked', () => {
    const plain = new Map(helmetHeaders({ contentSecurityPolicy: csp, hsts: false }).set);
    expect(plain.get('Content-Security-Policy')).toContain("script-src 'self'");
    expect(plain.get('X-Content-Type-Options')).toBe('nosniff');
    expect(plain.has('Strict-Transport-Security')).toBe(false);
    const https = new Map(helmetHeaders({ contentSecurityPolicy: csp, hsts: true }).set);
    expect(https.get('Strict-Transport-Security')).toMatch(/^max-age=\d+/);
    expect(
      new Map(helmetHeaders({ contentSecurityPolicy: false }).set).has('Content-Security-Policy'),
    ).toBe(false);
  });

  it('go out on every answer, a route’s and a 404', async () => {
    const app = Fastify();
    await app.register(securityHeadersPlugin, { contentSecurityPolicy: csp, hsts: false });
    app.get('/x', async () => ({ ok: true }));
    try {
      for (const url of ['/x', '/nowhere']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.headers['content-security-policy']).toContain("script-src 'self'");
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
    } finally {
      await app.close();
    }
  });
});
