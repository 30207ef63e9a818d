// axe-core (the package itself) run in the page under test, WCAG 2.0/2.1 A and AA rules only
// (issue 28). The script is evaluated through the DevTools protocol, so the app's
// `script-src 'self'` policy does not stop it and no test needs `bypassCSP`.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One rule axe must not apply, and why it is wrong for this product (named in the test). */
export interface AxeException {
  rule: string;
  /** Only nodes whose target (CSS selector) contains this; all nodes when absent. */
  target?: string;
  reason: string;
}

export interface AxeViolation {
  rule: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe on the whole document and returns its violations, less the named exceptions. */
export async function axeViolations(
  page: Page,
  exceptions: readonly AxeException[] = [],
): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((n) => {
        const target = n.target.map(String).join(' ');
        const data = n.any[0]?.data as
          { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        return data?.contrastRatio
          ? `${target} (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})`
          : target;
      }),
    }));
  }, WCAG_TAGS);
  return found
    .map((v) => ({
      ...v,
      targets: v.targets.filter(
        (t) => !exceptions.some((e) => e.rule === v.rule && (!e.target || t.includes(e.target))),
      ),
    }))
    .filter((v) => v.targets.length > 0);
}

/** One line per violation: rule, how many elements, the first few of them. */
export function describeViolations(where: string, violations: AxeViolation[]): string[] {
  return violations.map(
    (v) =>
      `${where} ${v.rule} (${v.targets.length}): ${v.targets.slice(0, 4).join(' | ')}${
        v.targets.length > 4 ? ' …' : ''
      }`,
  );
}
