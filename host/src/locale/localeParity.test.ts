// Every string exists in both languages (product.md: "every string of every section in both").
// Finds every locale pair of the host and of each section (`zh-CN.ts` + `en-US.ts` in one
// folder) and every exported bundle `{ 'zh-CN': {…}, 'en-US': {…} }` in a `locale.ts`, and
// fails on a key that exists in one locale only.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const APPS = [
  'host/src',
  ...fs.readdirSync(path.join(ROOT, 'remotes')).map((r) => `remotes/${r}/src`),
];

type Messages = Record<string, string>;

function walk(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

/** Keys present in one locale only, as `locale: key`. */
export function oneSidedKeys(zh: Messages, en: Messages): string[] {
  return [
    ...Object.keys(zh)
      .filter((k) => !(k in en))
      .map((k) => `en-US lacks ${k}`),
    ...Object.keys(en)
      .filter((k) => !(k in zh))
      .map((k) => `zh-CN lacks ${k}`),
  ];
}

const files = APPS.flatMap((app) => walk(path.join(ROOT, app)));
const pairs = files
  .filter((f) => path.basename(f) === 'zh-CN.ts')
  .map((zh) => [zh, path.join(path.dirname(zh), 'en-US.ts')]);
const bundleFiles = files.filter((f) => path.basename(f) === 'locale.ts');

describe('locale parity', () => {
  it('detects a key that exists in one locale only', () => {
    expect(oneSidedKeys({ a: '甲', b: '乙' }, { a: 'A', c: 'C' })).toEqual([
      'en-US lacks b',
      'zh-CN lacks c',
    ]);
  });

  it('finds the host and every section', () => {
    const rel = pairs.map(([zh]) => path.relative(ROOT, zh));
    expect(rel).toContain('host/src/locale/zh-CN.ts');
    for (const app of APPS.filter((a) => a.startsWith('remotes/')))
      expect(rel).toContain(`${app}/locale/zh-CN.ts`);
  });

  it.each(pairs.map(([zh, en]) => [path.relative(ROOT, path.dirname(zh)), zh, en]))(
    '%s has the same keys in both locales',
    async (_dir, zh, en) => {
      expect(fs.existsSync(en), `${en} is missing`).toBe(true);
      const zhMessages = ((await import(zh)) as { default: Messages }).default;
      const enMessages = ((await import(en)) as { default: Messages }).default;
      expect(oneSidedKeys(zhMessages, enMessages)).toEqual([]);
    },
  );

  it.each(bundleFiles.map((f) => [path.relative(ROOT, f), f]))(
    '%s: every exported bundle has the same keys in both locales',
    async (_rel, file) => {
      const mod = (await import(file)) as Record<string, unknown>;
      for (const value of Object.values(mod)) {
        if (value && typeof value === 'object' && 'zh-CN' in value && 'en-US' in value) {
          const bundle = value as Record<'zh-CN' | 'en-US', Messages>;
          expect(oneSidedKeys(bundle['zh-CN'], bundle['en-US'])).toEqual([]);
        }
      }
    },
  );
});
