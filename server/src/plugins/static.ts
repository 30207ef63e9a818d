// Serves the built console: the host at `/` (index.html for every client-side route) and the
// section store (published section bundles) under `/sections/<name>/<version>/`. Manifests,
// build records and index.html are never cached; files of a published version are immutable
// (a version is never re-published, issue 5).
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

const NO_CACHE = /(?:mf-manifest\.json|index\.html|build\.json)$/;

export const staticPlugin = fp<{ hostDist: string; sectionsDir: string }>(
  async (app, { hostDist, sectionsDir }) => {
    const setHeaders = (res: { setHeader(k: string, v: string): void }, file: string) => {
      res.setHeader(
        'Cache-Control',
        NO_CACHE.test(file) ? 'no-cache' : 'public, max-age=31536000, immutable',
      );
    };
    fs.mkdirSync(sectionsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: sectionsDir,
      prefix: '/sections/',
      decorateReply: false,
      // setHeaders decides Cache-Control; the plugin's own default would override it.
      cacheControl: false,
      setHeaders,
      index: false,
      // Staging folders of a publish in progress are not served.
      allowedPath: (pathname) => !pathname.includes('/.'),
    });
    const hasHost = fs.existsSync(path.join(hostDist, 'index.html'));
    if (hasHost) {
      await app.register(fastifyStatic, {
        root: hostDist,
        prefix: '/',
        cacheControl: false,
        setHeaders,
        wildcard: false,
        index: false,
      });
    }
    // Client-side routes get the host page; /api and /sections keep their JSON 404.
    app.get('/*', { config: {} }, async (req, reply) => {
      const url = req.url.split('?')[0];
      if (url.startsWith('/api/') || url.startsWith('/sections/') || !hasHost) {
        return reply.callNotFound();
      }
      const file = path.join(hostDist, url);
      if (
        url !== '/' &&
        file.startsWith(hostDist) &&
        fs.existsSync(file) &&
        fs.statSync(file).isFile()
      ) {
        return reply.sendFile(url.slice(1), hostDist);
      }
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html').send(fs.createReadStream(path.join(hostDist, 'index.html')));
    });
  },
);
