// Issue 17, point 7: the shared runtime is a singleton the host provides at its own version;
// contracts travel with each bundle. Publishing compares the bundle's real shared version with
// the host's: the same minor fits (only contracts differ), another minor is refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { runSectionsCommand, type CliContext } from '../../cli/sections';
import { checkCompatibility, readHostRanges, sharedRuntimeRange } from './compatibility';
import { compatibleShared, fakeRemotes, type FakeBuild } from './test-bundles';

let t: TestApp;
let storeDir: string;
let remotes: FakeBuild;
let cli: CliContext;

beforeAll(async () => {
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sections-store-'));
  t = await createTestApp({ sectionsDir: storeDir });
  remotes = fakeRemotes(t.services.sections.options.hostPackageJson);
  cli = {
    db: t.services.db,
    options: { ...t.services.sections.options, remotesDir: remotes.remotesDir },
    actor: { id: null, name: 'cli:test' },
    out: () => undefined,
  };
});
afterAll(async () => {
  await t.close();
  remotes.cleanup();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

const hostShared = () => compatibleShared(t.services.sections.options.hostPackageJson);

describe('the shared runtime at publish (issue 17)', () => {
  it('requires the host runtime at the bundle’s own minor', () => {
    expect(sharedRuntimeRange('0.2.7')).toBe('~0.2.0');
    expect(sharedRuntimeRange('1.4.0')).toBe('~1.4.0');
    const ranges = { '@console/shared': '0.2.0' };
    expect(checkCompatibility({ '@console/shared': '0.2.9' }, ranges).compatible).toBe(true);
    expect(checkCompatibility({ '@console/shared': '0.3.0' }, ranges).mismatches).toEqual([
      { lib: '@console/shared', bundle: '0.3.0', host: '0.2.0' },
    ]);
    // A host behind the bundle's runtime cannot serve it either.
    expect(
      checkCompatibility({ '@console/shared': '0.2.0' }, { '@console/shared': '0.1.15' })
        .compatible,
    ).toBe(false);
  });

  it('the host declares the shared package at the exact version of this repository', () => {
    const shared = JSON.parse(
      fs.readFileSync(
        path.join(path.dirname(cli.options.hostPackageJson), '../shared/package.json'),
        'utf8',
      ),
    ) as { version: string };
    expect(readHostRanges(cli.options.hostPackageJson)['@console/shared']).toBe(shared.version);
  });

  it('publishes a bundle whose contracts are newer, refuses one built on another runtime', async () => {
    const host = hostShared()['@console/shared'];
    const [major, minor, patch] = host.split('.').map(Number);
    // Built after a change of contracts only (a patch): its own copy of them travels with it.
    remotes.build('team', '4.0.0+b1', {
      shared: { ...hostShared(), '@console/shared': `${major}.${minor}.${patch + 3}` },
    });
    await runSectionsCommand(['publish', 'team', '--version', '4.0.0+b1'], cli);
    // Built against a runtime the host does not run (the next minor): refused, both named.
    const next = `${major}.${minor + 1}.0`;
    remotes.build('team', '4.0.0+b2', { shared: { ...hostShared(), '@console/shared': next } });
    const err = await runSectionsCommand(['publish', 'team', '--version', '4.0.0+b2'], cli).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ error: 'CONFLICT' });
    const detail = (err as { options: { detail: { 'en-US': string } } }).options.detail['en-US'];
    expect(detail).toContain(`@console/shared: the bundle has ${next}, the host requires ${host}`);
    expect(fs.existsSync(path.join(storeDir, 'team', '4.0.0+b2'))).toBe(false);
  });
});
