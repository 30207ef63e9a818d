import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // In its jsdom files: matchMedia, and Arco's messages and dialogs closed at the end of each
    // file (nothing in the files that run in node).
    setupFiles: ['@console/shared/testing/jsdom-setup'],
  },
});
