import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));
const arco = path.join(here, '../../node_modules/@arco-design/web-react');

export default defineConfig({
  resolve: {
    alias: [
      // Vitest loads Arco's CommonJS build, not `es/` (architecture.md, "Known pitfalls").
      { find: /^@arco-design\/web-react$/, replacement: path.join(arco, 'lib/index.js') },
      { find: /^@arco-design\/web-react\/es\/(.*)$/, replacement: path.join(arco, 'lib/$1') },
    ],
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Component tests render Arco in jsdom: on a loaded shared machine one can take several
    // seconds, which is no failure (timings are measured in benchmarks, not here).
    testTimeout: 30_000,
    // matchMedia, and Arco's messages and dialogs closed at the end of each file.
    setupFiles: ['@console/shared/testing/jsdom-setup'],
  },
});
