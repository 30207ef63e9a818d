import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config/env';
import { createTestApp, type TestApp } from '../../test/support/app';
import { sectionsOptionsFromEnv } from '../modules/sections/service';
import { testEnv } from '../../test/support/env';
import { serveSectionsSocket } from './sections-socket';

const cli = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/src/cli/sections.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, DATABASE_URL: '' },
    encoding: 'utf8',
  });

describe('sections CLI', () => {
  it('says clearly that the running server holds the embedded database', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sections-cli-'));
    // A live process (this test) holds the data directory, as a running server would.
    fs.writeFileSync(path.join(dataDir, 'server.lock'), String(process.pid));
    try {
      const res = cli(['pin', 'development', 'guide', '1.0.0+b1'], { DATA_DIR: dataDir });
      expect(res.status).toBe(2);
      expect(res.stderr).toContain(`in use by another server process (pid ${process.pid})`);
      expect(res.stderr).toContain('Section versions');
      expect(res.stderr).toContain('DATABASE_URL');
      expect(res.stderr).toContain('did not answer');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('prints the usage for no command', () => {
    const res = cli([], { DATA_DIR: path.join(os.tmpdir(), 'sections-cli-unused') });
    expect(res.status).toBe(1);
    expect(res.stdout).toContain('publish <name>');
    expect(res.stdout).toContain('rollback <env> <name>');
  });
});

// Issue #12 point 9: beside a running embedded server the CLI talks to that server.
describe('sections CLI beside a running server on PGlite', () => {
  let t: TestApp;
  let dataDir: string;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    t = await createTestApp();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sections-cli-'));
    // This process plays the server: it holds the data directory and serves the socket.
    fs.writeFileSync(path.join(dataDir, 'server.lock'), String(process.pid));
    stop = await serveSectionsSocket(dataDir, {
      db: t.services.db,
      options: sectionsOptionsFromEnv(testEnv()),
    });
  });
  afterAll(async () => {
    await stop();
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const run = (args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      // Asynchronously: the socket is served by this very process.
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'server/src/cli/sections.ts', ...args],
        {
          cwd: REPO_ROOT,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });

  it('lists through the server, on a socket only its OS user can open', async () => {
    const mode = fs.statSync(path.dirname(path.join(dataDir, 'run', 'sections.sock'))).mode;
    expect(mode & 0o077).toBe(0);
    const res = await run(['list']);
    expect(res.stderr).not.toContain('in use by another server process');
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toContain('development');
    expect(res.stdout).toContain('Published versions');
  }, 60_000);

  it('answers a refused command with its message, a bad one with the usage', async () => {
    const res = await run(['pin', 'development', 'guide', '9.9.9+nope']);
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/^[A-Z_]+: /);
    const usage = await run(['frobnicate']);
    expect(usage.status).toBe(1);
    expect(usage.stderr).toContain('Unknown command frobnicate');
    expect(usage.stderr).toContain('Usage: npm run sections');
  }, 60_000);
});
