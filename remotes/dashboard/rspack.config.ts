import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../../rspack.config.base';

export default createConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  app: 'dashboard',
  exposes: {
    './routes': './src/routes.ts',
    './messages': './src/locale/index.ts',
  },
});
