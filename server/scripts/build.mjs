// Compiles the server ahead of time into server/dist (what `npm start`, the Dockerfile and
// the benchmark run): the workspace's own TypeScript (server and @console/shared) is bundled,
// every installed package stays an import. Running from the sources through the tsx loader
// costs about 60 MB of memory and a slower start.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Bare imports are packages (external) except the workspace's own TypeScript packages. */
const packagesExternal = {
  name: 'packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@console/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  absWorkingDir: serverDir,
  entryPoints: {
    main: 'src/main.ts',
    'cli/sections': 'src/cli/sections.ts',
    // The spreadsheet reader's worker thread, beside the chunk that starts it.
    'spreadsheet-read-worker': 'src/lib/spreadsheet/read-worker.ts',
    // The allocation plan's solver thread (modules/allocation/solver-thread.ts).
    'allocation-solver-worker': 'src/modules/allocation/solver-thread-entry.ts',
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [packagesExternal],
});
console.log('server built into server/dist');
