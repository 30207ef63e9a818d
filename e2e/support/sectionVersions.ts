// A console of its own for the section-versions browser tests (issue 5): the local builds are
// published and pinned as `npm start` does, plus two real builds of one section published
// beside them. Its own data directory and section store, so breaking a bundle here affects
// no other test.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT, SECTIONS_CLI_ARGS, SERVER_ARGS } from './console';

const cli = (args: string[], env: NodeJS.ProcessEnv) => {
  const r = spawnSync(process.execPath, [...SECTIONS_CLI_ARGS, ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`sections ${args.join(' ')} failed:\n${r.stdout}${r.stderr}`);
  return r.stdout;
};

/** Builds `section` with BUILD_ID=buildId and moves the bundle out of its dist folder. */
export function buildSection(
  section: string,
  buildId: string,
  into: string,
): { version: string; dir: string } {
  const r = spawnSync('npm', ['run', 'build', '-w', `remotes/${section}`], {
    cwd: ROOT,
    env: { ...process.env, BUILD_ID: buildId },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`build of ${section} failed:\n${r.stdout}${r.stderr}`);
  const version = `${JSON.parse(fs.readFileSync(path.join(ROOT, 'remotes', section, 'package.json'), 'utf8')).version}+${buildId}`;
  const dir = path.join(into, version);
  fs.renameSync(path.join(ROOT, 'remotes', section, 'dist', version), dir);
  return { version, dir };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface VersionsConsole {
  baseUrl: string;
  sectionsDir: string;
  stop(): Promise<void>;
}

export async function startVersionsConsole(
  bundles: string[],
  section: string,
): Promise<VersionsConsole> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-versions-data-'));
  const sectionsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-versions-store-'));
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    SECTIONS_DIR: sectionsDir,
    PORT: String(port),
    HOST: '127.0.0.1',
  };
  cli(['start-local'], env);
  for (const dir of bundles) cli(['publish', section, '--from', dir], env);

  let output = '';
  const server = spawn(process.execPath, SERVER_ARGS, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  server.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(sectionsDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not start:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { baseUrl, sectionsDir, stop };
}
