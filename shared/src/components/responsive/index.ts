// Arco's responsive props (Descriptions' `column`) read the entry of the current breakpoint
// only, and fall back to their default (3) where it is missing: `{ xs: 1, md: 2 }` lays out
// three columns at 1366 px (xl). This fills every breakpoint from the one below, mobile-first,
// so a value holds until a wider breakpoint names another.

/** Arco's breakpoints, narrowest first (`@arco-design/web-react/es/_util/responsiveObserve`). */
export const BREAKPOINTS = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl', 'xxxl'] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number];

/** `{ xs: 1, md: 2 }` → `{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2, xxxl: 2 }`. */
export function upFrom<T>(
  values: Partial<Record<Breakpoint, T>> & { xs: T },
): Record<Breakpoint, T> {
  let current = values.xs;
  const filled = {} as Record<Breakpoint, T>;
  for (const bp of BREAKPOINTS) {
    current = values[bp] ?? current;
    filled[bp] = current;
  }
  return filled;
}
