import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The literal-string check parses every page of the console: on a loaded shared machine it
    // takes longer than the default 5 s, which is no failure (timings belong in benchmarks).
    testTimeout: 60_000,
    // In its jsdom files: matchMedia, and Arco's messages and dialogs closed at the end of each
    // file (nothing in the files that run in node).
    setupFiles: ['@console/shared/testing/jsdom-setup'],
  },
});
