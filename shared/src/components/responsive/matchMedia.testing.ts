// Imported for its effect by component tests (test-only, `@console/shared/testing/match-media`):
// jsdom has no matchMedia, and Arco's responsive grid asks it. Every query answers "no match".
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
  }) as unknown as MediaQueryList;

export {};
