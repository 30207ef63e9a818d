// Theme colour (seed §9: #165DFF generates 10 gradient shades): Arco's palette generator makes
// the ten `--primary-1…10` shades, light or dark, and the page uses them at once.
import { generate, getRgbStr } from '@arco-design/color';
import { applyPrimaryShades, PRIMARY_CACHE_KEY } from './prepaint';

/** The ten shades of a colour as Arco's CSS variables expect them: `r,g,b`. */
export function primaryShades(color: string, dark: boolean): string[] {
  const list = generate(color, { list: true, dark }) as string[];
  return list.map((c) => getRgbStr(c));
}

/** Applies the shades to the page and remembers them for the next load's first paint. */
export function applyThemeColor(color: string, dark: boolean): string[] {
  const shades = primaryShades(color, dark);
  applyPrimaryShades(shades);
  try {
    localStorage.setItem(PRIMARY_CACHE_KEY, JSON.stringify(shades));
  } catch {
    // storage full or disabled: the next load computes them again
  }
  return shades;
}
