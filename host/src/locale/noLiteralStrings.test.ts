// No literal user-facing strings in components (product.md: every string in both languages):
// parses every .tsx of the host, the sections and shared components with the TypeScript
// compiler and fails on JSX text, or a string literal in a user-facing attribute, that holds
// letters (any script). Symbols and numbers are fine; texts come from the locale files.
// A deliberate exception (e.g. a language's own name) carries `i18n-ignore` on its line.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DIRS = [
  'host/src',
  'shared/src',
  ...fs.readdirSync(path.join(ROOT, 'remotes')).map((r) => `remotes/${r}/src`),
];
const USER_FACING_ATTRIBUTES = new Set([
  'title',
  'subTitle',
  'placeholder',
  'label',
  'alt',
  'aria-label',
  'content',
  'description',
  'okText',
  'cancelText',
  'tooltip',
  'extra',
  'addBefore',
  'addAfter',
  'noDataElement',
  'emptyText',
]);
const LETTER = /\p{L}/u;

function walk(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.name.endsWith('.tsx') && !entry.name.includes('.test.')) out.push(full);
  }
  return out;
}

/** `file:line: text` for every literal user-facing string in a TSX source. */
export function literalStrings(fileName: string, source: string): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines = source.split('\n');
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    if (lines[line]?.includes('i18n-ignore')) return;
    found.push(`${fileName}:${line + 1}: ${text.trim()}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) report(node, node.text);
    if (
      ts.isJsxAttribute(node) &&
      USER_FACING_ATTRIBUTES.has(node.name.getText(sf)) &&
      node.initializer
    ) {
      const init = node.initializer;
      const literal = ts.isStringLiteral(init)
        ? init
        : ts.isJsxExpression(init) &&
            init.expression &&
            (ts.isStringLiteral(init.expression) ||
              ts.isNoSubstitutionTemplateLiteral(init.expression))
          ? init.expression
          : null;
      if (literal && LETTER.test(literal.text))
        report(node, `${node.name.getText(sf)}="${literal.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('no literal user-facing strings', () => {
  it('catches JSX text and user-facing attributes, not symbols or ignored lines', () => {
    const src = [
      'const a = <p>Hello</p>;',
      'const b = <Input placeholder="用户名" />;',
      'const c = <span>◆ {x} · 12</span>;',
      'const d = <Tag title={"Draft"} />;',
      'const e = <b>English</b>; // i18n-ignore',
      'const f = <div className="console-layout" data-testid="x" />;',
    ].join('\n');
    expect(literalStrings('x.tsx', src)).toEqual([
      'x.tsx:1: Hello',
      'x.tsx:2: placeholder="用户名"',
      'x.tsx:4: title="Draft"',
    ]);
  });

  it('finds none in the host, the sections and shared components', () => {
    const files = DIRS.flatMap((d) => walk(path.join(ROOT, d)));
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((f) =>
      literalStrings(path.relative(ROOT, f), fs.readFileSync(f, 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
