import os from 'node:os';
import path from 'node:path';
import { readEnv, type ServerEnv } from '../../src/config/env';

export function testEnv(overrides: Partial<ServerEnv> = {}): ServerEnv {
  return {
    ...readEnv({}),
    dataDir: path.join(os.tmpdir(), 'console-test-unused'),
    // Per process: test files running in parallel never see each other's backups.
    backupDir: path.join(os.tmpdir(), `console-test-backups-${process.pid}`),
    demoData: true,
    // The simulated gate feed would move loads under the tests' feet.
    demoFlow: false,
    logLevel: 'silent',
    hostDist: path.join(os.tmpdir(), 'console-test-no-host'),
    ...overrides,
  };
}
