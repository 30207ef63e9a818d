import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config/env';

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
