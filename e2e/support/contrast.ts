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
  /** SVG text (charts): contrast of its outline ("halo") with the background, if it has one. */
  halo?: number;
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
    const ratioOf = (a: Rgba, b: Rgba) => {
      const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return Math.round(((l1 + 0.05) / (l2 + 0.05)) * 100) / 100;
    };
    // SVG text (an ECharts chart drawn as SVG) is painted with `fill`, possibly outlined.
    const ink = (el: Element): Rgba => {
      const style = getComputedStyle(el);
      if (!(el instanceof SVGElement)) return parse(style.color);
      const fill = parse(style.fill);
      return [fill[0], fill[1], fill[2], fill[3] * Number(style.fillOpacity || 1)];
    };
    const halo = (el: Element, bg: Rgba): number | undefined => {
      if (!(el instanceof SVGElement)) return undefined;
      const style = getComputedStyle(el);
      const stroke = parse(style.stroke);
      if (style.stroke === 'none' || stroke[3] === 0 || parseFloat(style.strokeWidth) === 0)
        return undefined;
      return ratioOf(
        over([...stroke.slice(0, 3), stroke[3] * Number(style.strokeOpacity || 1)] as Rgba, bg),
        bg,
      );
    };
    const out: {
      selector: string;
      text: string;
      ratio: number;
      color: string;
      background: string;
      halo?: number;
    }[] = [];
    for (const selector of list) {
      for (const el of Array.from(document.querySelectorAll(selector))) {
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        const bg = backdrop(el);
        const fg = over(ink(el), bg);
        out.push({
          selector,
          text: (el.textContent ?? '').trim() || el.getAttribute('aria-label') || '',
          ratio: ratioOf(fg, bg),
          halo: halo(el, bg),
          color: `rgb(${fg.slice(0, 3).map(Math.round).join(',')})`,
          background: `rgb(${bg.slice(0, 3).map(Math.round).join(',')})`,
        });
      }
    }
    return out;
  }, selectors);
}
