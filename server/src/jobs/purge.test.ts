// The hourly purge reads the session timeouts inside its own transaction: on PGlite (one
// connection) a read through another handle waited for that transaction for ever, and every
// request after it hung (found at :17 past the hour in a browser run).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/app';
import { SystemConfigService } from '../modules/system-config/service';
import { purgeJob } from './purge';
import { runJob } from './scheduler';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('runs with the configuration not yet cached, and the server still answers', async () => {
  // A configuration service that has read nothing yet (its cache is cold).
  const services = { ...t.services };
  const cold = new SystemConfigService(t.services.db);
  Object.assign(services.auth as object, { config: cold });
  const run = runJob(purgeJob, services);
  const outcome = await Promise.race([
    run.then(() => 'done'),
    new Promise((resolve) => setTimeout(() => resolve('hung'), 15_000)),
  ]);
  expect(outcome).toBe('done');
  expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
});
