import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./support/globalSetup.ts'],
    // One server, one browser at a time: the machine is small and shared.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // `expect.poll` waits for something the page does (a render, a fetch, a pushed event): by
    // default for 1 s, which a loaded 2-core CI box (Chromium, the server and the test on the
    // same cores) misses now and then. A poll passes as soon as its condition holds; this is
    // only how long before a miss is called one. A poll that must be quick says so itself.
    expect: { poll: { timeout: 15_000 } },
  },
});
