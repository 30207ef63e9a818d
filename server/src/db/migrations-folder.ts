import path from 'node:path';
import { REPO_ROOT } from '../config/env';

/** This build's migrations (drizzle-kit writes them; the database migrates to all on opening). */
export const MIGRATIONS_FOLDER = path.join(REPO_ROOT, 'server', 'drizzle');
