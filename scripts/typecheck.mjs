// `npm run typecheck`: every workspace's `tsc --noEmit`, several at a time (one per core) and
// incremental (build info under node_modules/.cache/tsc), so an unchanged workspace is checked
// in a second or two instead of being re-checked from scratch in series.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const workspaces = pkg.workspaces
  .flatMap((w) =>
    w.endsWith('/*')
      ? fs.readdirSync(path.join(root, w.slice(0, -2))).map((d) => `${w.slice(0, -2)}/${d}`)
      : [w],
  )
  .filter((w) => fs.existsSync(path.join(root, w, 'tsconfig.json')));
const cacheDir = path.join(root, 'node_modules', '.cache', 'tsc');
fs.mkdirSync(cacheDir, { recursive: true });
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

function check(ws) {
  const started = Date.now();
  return new Promise((resolve) => {
    const args = [
      tsc,
      '-p',
      path.join(ws, 'tsconfig.json'),
      '--noEmit',
      '--incremental',
      '--tsBuildInfoFile',
      path.join(cacheDir, `${ws.replaceAll('/', '_')}.tsbuildinfo`),
    ];
    const child = spawn(process.execPath, args, { cwd: root });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${ws} (${seconds} s)`);
      if (out.trim()) console.log(out.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...workspaces];
const results = [];
const lanes = Math.max(1, Math.min(os.availableParallelism?.() ?? os.cpus().length, queue.length));
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let ws = queue.shift(); ws; ws = queue.shift()) results.push(await check(ws));
  }),
);
if (results.some((ok) => !ok)) process.exit(1);
