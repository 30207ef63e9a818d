// Every action the server audits reads as a sentence in both languages on the operation log:
// a new action without its sentence would show its raw code (issue #18).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_SENTENCES } from '@console/shared';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const PATTERNS = [
  /auditAction:\s*'([a-z][\w.]+)'/g,
  /\baction:\s*'([a-z][\w]*\.[\w.]+)'/g,
  /\baudit\(\s*ctx,\s*'([a-z][\w.]+)'/g,
];

describe('audited actions', () => {
  it('each has its sentence', () => {
    const actions = new Set<string>();
    for (const file of sources(join(import.meta.dirname, '.'))) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of PATTERNS) for (const m of text.matchAll(pattern)) actions.add(m[1]!);
    }
    expect(actions.size).toBeGreaterThan(50);
    const missing = [...actions].filter((a) => !(a in AUDIT_SENTENCES));
    expect(missing).toEqual([]);
  });
});
