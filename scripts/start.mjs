// `npm start`: builds what is not built yet, publishes the fresh section builds into the local
// section store and pins them in `development` on the first start (issue 5), then starts the
// server with the embedded database (PGlite under ./data) and demo data on the first start.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sections = ['dashboard', 'guide', 'scenic', 'team', 'system'];

function built() {
  if (!fs.existsSync(path.join(root, 'host/dist/index.html'))) return false;
  return sections.every((name) => {
    const dist = path.join(root, 'remotes', name, 'dist');
    return (
      fs.existsSync(dist) &&
      fs.readdirSync(dist).some((v) => fs.existsSync(path.join(dist, v, 'mf-manifest.json')))
    );
  });
}

if (!built()) {
  console.log('Building the console (first start only)…');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The server is compiled ahead of time (server/dist); it takes a second, so always.
const compiled = spawnSync('npm', ['run', 'build', '-w', 'server'], {
  cwd: root,
  stdio: 'inherit',
});
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

// Same database and store as the server (DATA_DIR / DATABASE_URL, SECTIONS_DIR). Sections
// already pinned keep their pin; a section whose build is refused is reported, not fatal.
const published = spawnSync(
  process.execPath,
  [
    '--enable-source-maps',
    'server/dist/cli/sections.js',
    'start-local',
    '--env',
    process.env.APP_ENV || 'development',
  ],
  { cwd: root, stdio: 'inherit', env: process.env },
);
if (published.status !== 0) {
  console.warn('Publishing the local section builds did not complete; see the message above.');
}

const server = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
