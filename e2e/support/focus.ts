// The keyboard's focus in a browser test: Tab to an element, and the ring the focused element
// shows (a11y.less): its style, its contrast with what it is drawn on (1.4.11), and whether a
// scroll box cuts it.
import type { Page } from 'playwright-core';

/**
 * Presses Tab (or Shift+Tab) from where the focus is until the focused element matches
 * `selector`; fails after `max`. `{ fromStart: true }` drops the focus first (the document's
 * start).
 */
export async function tabTo(
  page: Page,
  selector: string,
  max = 80,
  { key = 'Tab', fromStart = false } = {},
): Promise<void> {
  if (fromStart) await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160));
  throw new Error(`${max} × ${key} never reached ${selector} (focus is on ${at})`);
}

/** The focused element's outline, its contrast with what it is drawn on, and whether it is cut. */
export function focusRing(page: Page) {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const m = css.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const [r, g, b, a = '1'] = m[1].split(/[\s,/]+/).filter(Boolean);
      return [Number(r), Number(g), Number(b), Number(a)];
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3] + bottom[3] * (1 - top[3]);
      const mix = (i: number) => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const c = (v: number) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
    };
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const offset = parseFloat(style.outlineOffset);
    const width = parseFloat(style.outlineWidth);
    // A ring drawn inside the element is seen on its own background, else on its parent's.
    const layers: Rgba[] = [];
    for (let node = offset < 0 ? el : el.parentElement; node; node = node.parentElement) {
      const bg = parse(getComputedStyle(node).backgroundColor);
      if (bg[3] > 0) layers.push(bg);
      if (bg[3] >= 1) break;
    }
    const backdrop = layers.reduceRight<Rgba>((acc, l) => over(l, acc), [255, 255, 255, 1]);
    const ring = over(parse(style.outlineColor), backdrop);
    const [hi, lo] = [luminance(ring), luminance(backdrop)].sort((a, b) => b - a);
    // The ring's outer edge against every ancestor that clips its overflow.
    const r = el.getBoundingClientRect();
    const out = offset + width;
    let cut = '';
    for (let node = el.parentElement; node && !cut; node = node.parentElement) {
      const s = getComputedStyle(node);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const box = node.getBoundingClientRect();
      const top = box.top + node.clientTop;
      const left = box.left + node.clientLeft;
      if (
        r.top - out < top - 0.5 ||
        r.left - out < left - 0.5 ||
        r.bottom + out > top + node.clientHeight + 0.5 ||
        r.right + out > left + node.clientWidth + 0.5
      )
        cut = node.className;
    }
    return {
      what: el.outerHTML.slice(0, 100),
      // Fields show focus by Arco's own border instead (a11y.less).
      field: el.matches('input, textarea, .arco-select-view, main'),
      style: style.outlineStyle,
      width,
      ratio: (hi + 0.05) / (lo + 0.05),
      cut,
    };
  });
}
