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

/**
 * Waits (up to `timeout` ms) until no finite CSS transition or animation runs: a colour measured
 * half-way through one (a button fading from disabled to enabled as its rows arrive) is neither
 * the state before nor after, and its contrast is nobody's. Endless ones (spinners, skeletons)
 * are not waited for.
 */
export async function motionSettled(page: Page, timeout = 3000): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) =>
              a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
          ),
      undefined,
      { timeout, polling: 50 },
    )
    .catch(() => undefined);
}

/** One axe run over the whole document (`rules`: only these, else every WCAG A/AA rule). */
async function runAxe(page: Page, rules?: string[]): Promise<AxeViolation[]> {
  return page.evaluate(
    async ({ tags, rules }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const result = await axe.run(document, {
        runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: tags },
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
    },
    { tags: WCAG_TAGS, rules },
  );
}

const selectorOf = (target: string) => target.replace(/ \(#[0-9a-f]+ on #[0-9a-f]+: [\d.]+\)$/, '');

/** Runs axe on the whole document and returns its violations, less the named exceptions. */
export async function axeViolations(
  page: Page,
  exceptions: readonly AxeException[] = [],
): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  await motionSettled(page);
  let found = await runAxe(page);
  // A colour is measured again once the page is still: rows arriving during the run start a
  // fade (a button enabled, a row shown) that the first measure may have caught half-way. What
  // fails both times is the page's colour; what fails once was a frame of a transition.
  if (found.some((v) => v.rule === 'color-contrast')) {
    await motionSettled(page);
    const again = new Set(
      (await runAxe(page, ['color-contrast'])).flatMap((v) => v.targets.map(selectorOf)),
    );
    found = found.map((v) =>
      v.rule === 'color-contrast'
        ? { ...v, targets: v.targets.filter((t) => again.has(selectorOf(t))) }
        : v,
    );
  }
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
