// jsdom has no matchMedia; Arco's grid and responsive helpers subscribe to it on mount.
// Every query answers "does not match" (the narrowest layout), as a browser without CSS would.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
