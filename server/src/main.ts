// Starts the console server: opens the database (PGlite under DATA_DIR unless DATABASE_URL is
// set; opening settles a restore a stop left midway, then applies migrations), seeds on first
// start, serves the API and the built console.
import { readEnv } from './config/env';
import { DataDirLockedError, openDatabase } from './db/client';
import { buildApp } from './app';
import { seedDatabase } from './seed';
import { serveSectionsSocket } from './cli/sections-socket';
import { sectionsOptionsFromEnv } from './modules/sections/service';
import { stopSolverThread, warmUpSolverThread } from './modules/allocation/solver-thread';

async function main() {
  const env = readEnv();
  let database;
  try {
    database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  try {
    await seedDatabase(database.db, env);
  } catch (err) {
    console.error((err as Error).message);
    await database.close();
    process.exit(1);
  }
  const { app } = await buildApp({ database, env, logger: true });
  const settled = database.settledAtOpen;
  if (settled && settled.dropped.length + settled.stagingDropped.length > 0)
    app.log.warn(
      { dropped: settled.dropped, stagingDropped: settled.stagingDropped },
      'dropped the tables of a restore stopped midway',
    );
  if (settled && settled.finished.length > 0)
    app.log.warn({ finished: settled.finished }, 'finished a restore stopped after its switch');

  // The sections CLI cannot open the embedded database while this process holds it: it sends
  // its commands here instead (cli/sections-socket.ts).
  const stopSocket =
    database.kind === 'pglite'
      ? await serveSectionsSocket(env.dataDir, {
          db: database.db,
          options: sectionsOptionsFromEnv(env),
        })
      : async () => undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await stopSocket();
    await app.close();
    await stopSolverThread();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.port, host: env.host });
  // The first plan of a process would otherwise pay for loading and warming up HiGHS; the
  // warm-up runs in the solver's own thread, so requests are served meanwhile.
  warmUpSolverThread().catch((err: unknown) =>
    app.log.warn({ err }, 'the plan solver did not warm up; the first plan will be slower'),
  );
  console.log(
    `Console ready on http://${env.host}:${env.port} (${database.kind}${
      database.kind === 'pglite' ? ` in ${env.dataDir}` : ''
    }, environment ${env.appEnv})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
