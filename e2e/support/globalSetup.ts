import type { TestProject } from 'vitest/node';
import { ensureBuilt, startConsole } from './console';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Builds if needed and starts the real server once for every browser test. */
export default async function setup(project: TestProject) {
  // Against a console that is already running (debugging): E2E_BASE_URL=http://127.0.0.1:8080
  if (process.env.E2E_BASE_URL) {
    project.provide('baseUrl', process.env.E2E_BASE_URL);
    return;
  }
  ensureBuilt();
  const running = await startConsole();
  project.provide('baseUrl', running.baseUrl);
  return () => running.stop();
}
