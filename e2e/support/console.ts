// Builds the console when it is not built and starts the real server on a free port with a
// fresh data directory (demo data is seeded on first start). Used by the tests and the bench.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SECTIONS = ['dashboard', 'guide', 'scenic', 'team', 'system'] as const;

function isBuilt(): boolean {
  if (!fs.existsSync(path.join(ROOT, 'host/dist/index.html'))) return false;
  return SECTIONS.every((name) => {
    const dist = path.join(ROOT, 'remotes', name, 'dist');
    return (
      fs.existsSync(dist) &&
      // A build from before sections declared their pages (issue 17) cannot be published.
      fs
        .readdirSync(dist)
        .some(
          (v) =>
            fs.existsSync(path.join(dist, v, 'mf-manifest.json')) &&
            fs.existsSync(path.join(dist, v, 'section-pages.json')),
        )
    );
  });
}

/** Runs `npm run build` when forced or when any app has no build yet. */
export function ensureBuilt(force = false): void {
  // The server is compiled as `npm start` compiles it, every run (a second): the tests run
  // what ships, never a stale build.
  const server = spawnSync('npm', ['run', 'build', '-w', 'server'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (server.status !== 0) throw new Error(`building the server failed with ${server.status}`);
  if (!force && isBuilt()) return;
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed with ${result.status}`);
}

/** Node arguments that run the compiled server and the compiled sections CLI. */
export const SERVER_ARGS = ['--enable-source-maps', 'server/dist/main.js'];
export const SECTIONS_CLI_ARGS = ['--enable-source-maps', 'server/dist/cli/sections.js'];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningConsole {
  baseUrl: string;
  stop(): Promise<void>;
  /** What the server printed so far (its log lines). */
  output(): string;
  /** The server's process (a test that stops it by a signal of its own). */
  process: ChildProcess;
}

interface Envelope<T> {
  code: number;
  data: T;
}

async function waitForHealth(
  baseUrl: string,
  server: ChildProcess,
  log: () => string,
): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The server exited with ${server.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The server did not become healthy within 120 s:\n${log()}`);
}

/**
 * Starts the compiled server with `env` (its data directory and section store) on `port` and
 * waits until it is healthy; `stop` ends it and removes `dirs`.
 */
export async function launchServer(
  env: NodeJS.ProcessEnv,
  port: number,
  dirs: string[],
): Promise<RunningConsole> {
  let output = '';
  const server = spawn(process.execPath, SERVER_ARGS, {
    cwd: ROOT,
    // No simulated gate readings unless a test asks for them: loads move only when it posts.
    env: { DEMO_FLOW: '0', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, server, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop, output: () => output, process: server };
}

/** Starts the compiled server and waits until it is healthy and pins every section. */
export async function startConsole(): Promise<RunningConsole> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-data-'));
  const sectionsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-sections-'));
  // As `npm start` does (issue 5): publish the local builds into the store and pin them.
  const env = { ...process.env, DATA_DIR: dataDir, SECTIONS_DIR: sectionsDir };
  const published = spawnSync(process.execPath, [...SECTIONS_CLI_ARGS, 'start-local'], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  if (published.status !== 0)
    throw new Error(`Publishing the sections failed:\n${published.stdout}${published.stderr}`);
  const running = await launchServer(env, port, [dataDir, sectionsDir]);
  try {
    const pins = (await (await fetch(`${running.baseUrl}/api/sections/pins`)).json()) as Envelope<{
      sections: Record<string, unknown>;
    }>;
    const missing = SECTIONS.filter((name) => !pins.data.sections[name]);
    if (missing.length > 0) throw new Error(`The server pins no version of: ${missing.join(', ')}`);
  } catch (error) {
    await running.stop();
    throw error;
  }
  return running;
}
