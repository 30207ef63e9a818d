// WCAG contrast of text against what is really behind it, computed from computed styles: the
// element's background composited over every ancestor's (translucent fills included) down to
// the browser's white canvas, and the text colour composited over that.
import type { Page } from 'playwright-core';

export interface ContrastSample {
  selector: string;
  text: string;
  ratio: number;
  color: string;
  background: string;
}

/** Contrast of every visible element matching `selectors` on the page (runs in the page). */
export function measureContrast(page: Page, selectors: string[]): Promise<ContrastSample[]> {
  return page.evaluate((list) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const m = css.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const [r, g, b, a = '1'] = m[1].split(/[\s,/]+/).filter(Boolean);
      return [Number(r), Number(g), Number(b), Number(a)];
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3] + bottom[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i: number) => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const backdrop = (el: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let node: Element | null = el; node; node = node.parentElement) {
        const bg = parse(getComputedStyle(node).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
      }
      // The canvas behind everything is white.
      return layers.reduceRight<Rgba>((acc, layer) => over(layer, acc), [255, 255, 255, 1]);
    };
    const luminance = ([r, g, b]: Rgba) => {
      const c = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
    };
    const out: {
      selector: string;
      text: string;
      ratio: number;
      color: string;
      background: string;
    }[] = [];
    for (const selector of list) {
      for (const el of Array.from(document.querySelectorAll(selector))) {
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        const bg = backdrop(el);
        const fg = over(parse(getComputedStyle(el).color), bg);
        const [l1, l2] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
        out.push({
          selector,
          text: (el.textContent ?? '').trim() || el.getAttribute('aria-label') || '',
          ratio: Math.round(((l1 + 0.05) / (l2 + 0.05)) * 100) / 100,
          color: `rgb(${fg.slice(0, 3).map(Math.round).join(',')})`,
          background: `rgb(${bg.slice(0, 3).map(Math.round).join(',')})`,
        });
      }
    }
    return out;
  }, selectors);
}
