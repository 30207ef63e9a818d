// Serves the built console: the host at `/` (index.html for every client-side route) and each
// section's bundles under `/sections/<name>/`. Manifests and index.html are never cached;
// versioned bundle files are immutable.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { SECTION_NAMES, localDistDir } from '../modules/sections/local';

const NO_CACHE = /(?:mf-manifest\.json|index\.html|remoteEntry\.js|build\.json)$/;

export const staticPlugin = fp<{ hostDist: string }>(async (app, { hostDist }) => {
  const setHeaders = (res: { setHeader(k: string, v: string): void }, file: string) => {
    res.setHeader(
      'Cache-Control',
      NO_CACHE.test(file) ? 'no-cache' : 'public, max-age=31536000, immutable',
    );
  };
  for (const name of SECTION_NAMES) {
    const root = localDistDir(name);
    fs.mkdirSync(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: `/sections/${name}/`,
      decorateReply: false,
      setHeaders,
      index: false,
    });
  }
  const hasHost = fs.existsSync(path.join(hostDist, 'index.html'));
  if (hasHost) {
    await app.register(fastifyStatic, {
      root: hostDist,
      prefix: '/',
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
});
