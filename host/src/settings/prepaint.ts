// Applies this browser's last settings before React renders anything (no flash of the default
// theme). The entry runs this synchronously, before the async boundary, so it may import no
// shared singleton (React, Redux, `@console/shared` …) and no colour library: it reads the
// settings and the already generated primary shades from localStorage. The user's server-side
// settings reconcile afterwards (useSettingsSync).

/** Same key as `SETTINGS_STORAGE_KEY` of the settings slice (a unit test keeps them equal). */
export const SETTINGS_CACHE_KEY = 'console.settings';
/** The last applied primary shades (`r,g,b` × 10). */
export const PRIMARY_CACHE_KEY = 'console.primaryShades';
export const PRIMARY_SHADE_COUNT = 10;

export function applyPrimaryShades(
  shades: readonly string[],
  target: HTMLElement = document.body,
): void {
  shades.forEach((rgb, i) => target.style.setProperty(`--primary-${i + 1}`, rgb));
}

/** Drops the applied shades: the stylesheet's own (Arco's default colour) show again. */
export function clearPrimaryShades(target: HTMLElement = document.body): void {
  for (let i = 1; i <= PRIMARY_SHADE_COUNT; i++) target.style.removeProperty(`--primary-${i}`);
  try {
    localStorage.removeItem(PRIMARY_CACHE_KEY);
  } catch {
    // storage disabled: nothing was cached
  }
}

function read(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

const RGB = /^\d{1,3},\d{1,3},\d{1,3}$/;

export function applyCachedSettings(): void {
  const settings = read(SETTINGS_CACHE_KEY) as { theme?: unknown; colorWeak?: unknown } | null;
  if (settings?.theme === 'dark') document.body.setAttribute('arco-theme', 'dark');
  if (settings?.colorWeak === true) document.body.classList.add('color-weak');
  const shades = read(PRIMARY_CACHE_KEY);
  if (
    Array.isArray(shades) &&
    shades.length === PRIMARY_SHADE_COUNT &&
    shades.every((s) => typeof s === 'string' && RGB.test(s))
  ) {
    applyPrimaryShades(shades as string[]);
  }
}
