// Where a worker thread's entry is. In the build (scripts/build.mjs) each worker is its own
// entry beside the bundle. From the sources (tests, `npm run dev`) it is TypeScript, which a
// worker thread cannot load on Node 20 (tsx's loader does not reach workers): it is compiled
// once per process with esbuild, next to the server's node_modules so its package imports
// resolve, and removed when the process exits.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const compiled = new Map<string, Promise<URL>>();

/**
 * The URL to start a worker from. `builtName` is the entry's name in scripts/build.mjs (the
 * file `<builtName>.js` beside the bundle); `source` the TypeScript entry, relative to
 * `callerUrl` (the caller's `import.meta.url`).
 */
export function workerEntryUrl(callerUrl: string, builtName: string, source: string): Promise<URL> {
  if (!callerUrl.endsWith('.ts')) return Promise.resolve(new URL(`./${builtName}.js`, callerUrl));
  const entry = fileURLToPath(new URL(source, callerUrl));
  let url = compiled.get(entry);
  if (!url) {
    url = (async () => {
      const { build } = await import('esbuild');
      const serverDir = fileURLToPath(new URL('../..', import.meta.url));
      const outfile = path.join(
        serverDir,
        'node_modules',
        '.cache',
        `${builtName}-${process.pid}.mjs`,
      );
      await build({
        entryPoints: [entry],
        outfile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        logLevel: 'warning',
        plugins: [
          {
            name: 'packages-external',
            setup(b) {
              b.onResolve({ filter: /^[^./]/ }, (args) =>
                args.path.startsWith('@console/') ? undefined : { path: args.path, external: true },
              );
            },
          },
        ],
      });
      process.once('exit', () => fs.rmSync(outfile, { force: true }));
      return pathToFileURL(outfile);
    })();
    url.catch(() => compiled.delete(entry));
    compiled.set(entry, url);
  }
  return url;
}
