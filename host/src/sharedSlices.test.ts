// The zod slice (rspack-shared/zod.ts): at run time every app gets its `z`, not zod's. Every
// member the console's sources call on `z` must be in it, or the page fails where it is called.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from '../../rspack-shared/zod';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== 'dist')
      sources(full, out);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

const withoutComments = (code: string) =>
  code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

describe('the zod slice shared by every app', () => {
  it('has every member the sources call on z', () => {
    const dirs = [
      'shared/src',
      'host/src',
      ...fs.readdirSync(path.join(root, 'remotes')).map((r) => `remotes/${r}/src`),
    ];
    const used = new Set<string>();
    for (const dir of dirs)
      for (const file of sources(path.join(root, dir)))
        // `z.string(`, `z.coerce.number(`: values; `z.infer<…>`, `z.ZodType` are types only.
        for (const [, member] of withoutComments(fs.readFileSync(file, 'utf8')).matchAll(
          /\bz\.([a-z]\w*)\b(?!\s*<)/g,
        ))
          if (!['infer', 'input', 'output'].includes(member)) used.add(member);
    expect(used.size).toBeGreaterThan(5);
    const missing = [...used].filter((member) => !(member in z));
    expect(missing).toEqual([]);
  });
});
