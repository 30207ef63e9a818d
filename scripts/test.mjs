// `npm test`: every test of every workspace. Installs what the tests need first: Debian's
// Chromium and nginx for the browser tests, and a throwaway database on the local PostgreSQL
// so the API tests run on PostgreSQL as well as PGlite.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { stdio: 'inherit', ...opts });
const quiet = (cmd, args) => spawnSync(cmd, args, { encoding: 'utf8' });
const started = Date.now();

/** Installs a Debian package when its binary is missing (the browser tests need them). */
function ensurePackage(pkg, binary, forWhat) {
  if (fs.existsSync(binary)) return;
  console.log(`Installing ${pkg} from Debian packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['install', '-y', '-q', pkg], { env }).status !== 0) {
    run('apt-get', ['update', '-q'], { env });
    if (run('apt-get', ['install', '-y', '-q', pkg], { env }).status !== 0) {
      console.error(`Could not install ${pkg}: ${forWhat} need ${binary}.`);
      process.exit(1);
    }
  }
}

function postgresUrl() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const ready = () => quiet('pg_isready', ['-h', '127.0.0.1', '-p', '5432']).status === 0;
  if (!ready()) {
    const versions = fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql') : [];
    if (versions.length > 0) {
      quiet('pg_ctlcluster', ['--skip-systemctl-redirect', versions[0], 'main', 'start']);
    }
  }
  if (!ready()) {
    console.warn('PostgreSQL is not reachable on 127.0.0.1:5432; API tests run on PGlite only.');
    return undefined;
  }
  const name = `console_test_${process.pid}`;
  const r = quiet('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-c', `create database ${name}`]);
  if (r.status !== 0) {
    console.warn(`Could not create a test database: ${r.stderr}`);
    return undefined;
  }
  process.on('exit', () =>
    quiet('psql', [
      '-h',
      '127.0.0.1',
      '-U',
      'postgres',
      '-c',
      `drop database if exists ${name} with (force)`,
    ]),
  );
  return `postgres://postgres@127.0.0.1:5432/${name}`;
}

ensurePackage('chromium', '/usr/bin/chromium', 'browser tests');
// The topology browser test runs Debian's nginx with docker/nginx.conf (e2e/tests/topology).
ensurePackage('nginx', '/usr/sbin/nginx', 'the topology browser tests');
const pgUrl = postgresUrl();
const env = { ...process.env, ...(pgUrl ? { TEST_DATABASE_URL: pgUrl } : {}) };

// Unit, component and API tests of every workspace, then the browser tests (which build
// the console first if it is not built).
const workspaces = [
  'shared',
  'server',
  'host',
  'remotes/dashboard',
  'remotes/guide',
  'remotes/scenic',
  'remotes/team',
  'remotes/system',
  'e2e',
];
const failed = [];
for (const ws of workspaces) {
  const pkg = JSON.parse(fs.readFileSync(`${ws}/package.json`, 'utf8'));
  if (!pkg.scripts?.test) continue;
  console.log(`\n=== ${ws} ===`);
  if (run('npm', ['test', '-w', ws], { env }).status !== 0) failed.push(ws);
}
const minutes = ((Date.now() - started) / 60000).toFixed(1);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')} (${minutes} min)`);
  process.exit(1);
}
console.log(`\nAll tests passed (${minutes} min).`);
