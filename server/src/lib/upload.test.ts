// A client's broken multipart upload is a 400, on every upload route (issue #12 point 5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type Client, type TestApp } from '../../test/support/app';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
});
afterAll(() => t.close());

const B = 'hardeningBoundary';
const part = (name: string, filename: string, body: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
  `Content-Type: text/csv\r\n\r\n${body}`;

const BROKEN: Record<string, string> = {
  'a part that ends without its boundary': part('file', 'a.csv', 'code,name\nA,B'),
  'a truncated part followed by a second file part':
    part('file', 'a.csv', 'code,name\nA,B') + part('file2', 'b.csv', 'x,y\n1,2'),
  'a part header cut short': `--${B}\r\nContent-Disposition: form-data; name="file"; filena`,
};

describe.each(['/api/guides/import', '/api/scenic/spots/import', '/api/user/avatar'])(
  'broken multipart bodies on %s',
  (url) => {
    it.each(Object.entries(BROKEN))('%s → 400 in the envelope', async (_name, payload) => {
      const res = await admin.request({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${B}` },
      });
      expect(res.statusCode).toBe(400);
      expect(['UPLOAD_MALFORMED', 'VALIDATION_FAILED', 'IMPORT_REJECTED']).toContain(
        res.json().error,
      );
    });
  },
);

it('a body ending before the closing boundary says the upload is broken', async () => {
  const res = await admin.request({
    method: 'POST',
    url: '/api/guides/import',
    payload: part('file', 'a.csv', 'code,name\nA,B'),
    headers: { 'content-type': `multipart/form-data; boundary=${B}`, 'accept-language': 'en-US' },
  });
  expect(res.json()).toMatchObject({
    error: 'UPLOAD_MALFORMED',
    msg: 'The upload is incomplete or malformed; upload the file again',
  });
});
