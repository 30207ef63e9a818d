// The production topology without Docker (issue 30 item 4): Debian's nginx running the real
// docker/nginx.conf — only its upstream servers, listen address and section-store root are
// rewritten — in front of two server instances on one throwaway PostgreSQL database, sharing
// one section store, as docker-compose.yml runs them.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, launchServer, ROOT, SECTIONS_CLI_ARGS, type RunningConsole } from './console';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const METRICS_TOKEN = 'topology-metrics-token';
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Topology {
  /** nginx: what browsers reach. */
  baseUrl: string;
  /** The two server instances, reached directly. */
  instances: [RunningConsole, RunningConsole];
  sectionsDir: string;
  /** The sections CLI on the shared database and store; its output. */
  cli(args: string[]): string;
  /** nginx's error log (an upstream it gave up on is named there). */
  nginxErrors(): string;
  stop(): Promise<void>;
}

/**
 * docker/nginx.conf as nginx runs it here: each rewrite must apply exactly once, so a change of
 * the real file that this no longer fits fails the test instead of testing something else.
 */
export function localNginxConf(upstreams: string[], listen: string, srvRoot: string): string {
  const real = fs.readFileSync(path.join(ROOT, 'docker/nginx.conf'), 'utf8');
  const rewrites: [RegExp, string][] = [
    [/^(\s*)server server:8080;$/m, upstreams.map((u) => `$1server ${u};`).join('\n')],
    [/^(\s*)listen 80;$/m, `$1listen ${listen};`],
    [/^(\s*)root \/srv;$/m, `$1root ${srvRoot};`],
  ];
  let conf = real;
  for (const [pattern, replacement] of rewrites) {
    const global = new RegExp(pattern.source, 'gm');
    const count = real.match(global)?.length ?? 0;
    if (count !== 1)
      throw new Error(`docker/nginx.conf: expected one line matching ${pattern}, found ${count}`);
    conf = conf.replace(pattern, replacement);
  }
  return conf;
}

function psql(sql: string) {
  const r = spawnSync('psql', [ADMIN_URL, '-v', 'ON_ERROR_STOP=1', '-c', sql], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`psql failed (${sql}): ${r.stderr || r.error}`);
}

export async function startTopology(): Promise<Topology> {
  // Loudly, never skipped: `npm test` installs nginx like Chromium (scripts/test.mjs).
  if (!fs.existsSync(NGINX))
    throw new Error(`nginx is not installed at ${NGINX}: apt-get install -y nginx`);

  const name = `console_topology_${process.pid}`;
  psql(`drop database if exists ${name} with (force)`);
  psql(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-topology-'));
  // nginx serves `<root>/sections/…`, as the compose file mounts the store at /srv/sections.
  const srvRoot = path.join(dir, 'srv');
  const sectionsDir = path.join(srvRoot, 'sections');
  fs.mkdirSync(sectionsDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url.toString(),
    SECTIONS_DIR: sectionsDir,
    APP_ENV: 'development',
    DEMO_DATA: '1',
    TRUST_PROXY: '1',
    METRICS_TOKEN,
    LOG_LEVEL: 'info',
  };
  const cli = (args: string[]) => {
    const r = spawnSync(process.execPath, [...SECTIONS_CLI_ARGS, ...args], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    });
    if (r.status !== 0)
      throw new Error(`sections ${args.join(' ')} failed:\n${r.stdout}${r.stderr}`);
    return r.stdout;
  };

  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
    psql(`drop database if exists ${name} with (force)`);
  };
  try {
    cli(['start-local']);
    // One after the other: the first migrates and seeds the empty database.
    const a = await launchServer(env, await freePort(), []);
    stops.push(a.stop);
    const b = await launchServer(env, await freePort(), []);
    stops.push(b.stop);

    const nginxDir = path.join(dir, 'nginx');
    fs.mkdirSync(nginxDir);
    const port = await freePort();
    const server = localNginxConf(
      [a.baseUrl, b.baseUrl].map((u) => new URL(u).host),
      `127.0.0.1:${port}`,
      srvRoot,
    );
    const temp = (what: string) => `${what}_temp_path ${path.join(nginxDir, what)};`;
    fs.writeFileSync(
      path.join(nginxDir, 'nginx.conf'),
      [
        // As root, workers would run as an unprivileged user that cannot read a temp dir.
        ...(process.getuid?.() === 0 ? ['user root;'] : []),
        'worker_processes 1;',
        `pid ${path.join(nginxDir, 'nginx.pid')};`,
        `error_log ${path.join(nginxDir, 'error.log')} warn;`,
        'events { worker_connections 1024; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  default_type application/octet-stream;',
        `  access_log ${path.join(nginxDir, 'access.log')};`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((w) => `  ${temp(w)}`),
        server,
        '}',
      ].join('\n'),
    );
    const nginx: ChildProcess = spawn(
      NGINX,
      ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let nginxOut = '';
    nginx.stderr?.on('data', (d: Buffer) => (nginxOut += d.toString()));
    stops.push(async () => {
      if (nginx.exitCode === null) {
        nginx.kill('SIGQUIT');
        await new Promise((r) => nginx.once('exit', r));
      }
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited ${nginx.exitCode}: ${nginxOut}`);
      const ok = await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`nginx did not answer: ${nginxOut}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const errorLog = path.join(nginxDir, 'error.log');
    return {
      baseUrl,
      instances: [a, b],
      sectionsDir,
      cli,
      nginxErrors: () => (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : ''),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
