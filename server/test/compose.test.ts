// There is no Docker engine on these machines (issue 5): this parses docker-compose.yml and
// checks that everything it builds from or mounts exists in the repository.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../src/config/env';

interface Service {
  build?: string | { context?: string; dockerfile?: string };
  image?: string;
  volumes?: (string | { type?: string; source?: string; target: string })[];
  env_file?: string | string[];
  environment?: Record<string, unknown> | string[];
}
interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

const composeFile = path.join(REPO_ROOT, 'docker-compose.yml');
const compose = parse(fs.readFileSync(composeFile, 'utf8'), { merge: true }) as Compose;
const at = (p: string) => path.resolve(REPO_ROOT, p);

/** Sources of COPY/ADD lines (not from another stage), relative to the build context. */
function copySources(dockerfile: string): string[] {
  const out: string[] = [];
  for (const line of fs.readFileSync(dockerfile, 'utf8').split('\n')) {
    const m = /^\s*(COPY|ADD)\s+(.*)$/i.exec(line);
    if (!m || /--from=/.test(m[2])) continue;
    const parts = m[2].split(/\s+/).filter((p) => p && !p.startsWith('--'));
    out.push(...parts.slice(0, -1));
  }
  return out;
}

describe('docker-compose.yml', () => {
  it('has PostgreSQL, the server and the section hosting', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'server', 'sections']),
    );
  });

  it('builds only from contexts, Dockerfiles and files that exist', () => {
    let builds = 0;
    for (const [name, service] of Object.entries(compose.services)) {
      if (!service.build) {
        expect(service.image, `${name} has neither build nor image`).toBeTruthy();
        continue;
      }
      builds++;
      const build = typeof service.build === 'string' ? { context: service.build } : service.build;
      const context = at(build.context ?? '.');
      expect(fs.existsSync(context), `${name}: context ${context}`).toBe(true);
      const dockerfile = path.resolve(context, build.dockerfile ?? 'Dockerfile');
      expect(fs.existsSync(dockerfile), `${name}: ${dockerfile}`).toBe(true);
      for (const src of copySources(dockerfile)) {
        expect(fs.existsSync(path.resolve(context, src)), `${name}: COPY ${src}`).toBe(true);
      }
    }
    expect(builds).toBeGreaterThanOrEqual(2);
  });

  it('mounts only paths that exist and volumes that are declared', () => {
    const declared = Object.keys(compose.volumes ?? {});
    for (const [name, service] of Object.entries(compose.services)) {
      for (const volume of service.volumes ?? []) {
        const source = typeof volume === 'string' ? volume.split(':')[0] : (volume.source ?? '');
        if (source.startsWith('.') || source.startsWith('/')) {
          expect(fs.existsSync(at(source)), `${name}: bind mount ${source}`).toBe(true);
        } else {
          expect(declared, `${name}: volume ${source}`).toContain(source);
        }
      }
      const envFiles = [service.env_file ?? []].flat();
      for (const file of envFiles) expect(fs.existsSync(at(file)), `${name}: ${file}`).toBe(true);
    }
  });

  it('shares the section store between the server and the section hosting', () => {
    const store = (s: Service) =>
      (s.volumes ?? []).map((v) => (typeof v === 'string' ? v.split(':')[0] : v.source));
    expect(store(compose.services.server)).toContain('sections');
    expect(store(compose.services.sections)).toContain('sections');
  });

  it('points the server at PostgreSQL and documents every variable it uses', () => {
    const env = compose.services.server.environment as Record<string, string>;
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
    const docs = fs.readFileSync(at('docs/section-versions.md'), 'utf8');
    const raw = fs.readFileSync(composeFile, 'utf8');
    const interpolated = [...raw.matchAll(/\$\{([A-Z_]+)/g)].map((m) => m[1]);
    for (const key of new Set([...Object.keys(env), ...interpolated])) {
      expect(docs, key).toContain(`\`${key}\``);
    }
  });

  it('serves the section store with immutable files and no-cache manifests', () => {
    const conf = fs.readFileSync(at('docker/nginx.conf'), 'utf8');
    expect(conf).toContain('location /sections/');
    expect(conf).toMatch(/mf-manifest\\\.json[\s\S]*no-cache/);
    expect(conf).toContain('immutable');
  });
});
