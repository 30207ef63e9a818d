// The five console sections (product.md). Apart from `menu.ts` so `sections.ts` can name them
// without importing the menu rules, which take their declaration types from it (issue 27 item 5).
export const SECTION_NAMES = ['dashboard', 'guide', 'scenic', 'team', 'system'] as const;
export type SectionName = (typeof SECTION_NAMES)[number];
