import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The Drizzle database type common to PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; services accept `Db | Tx` where they may run inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Which database the console runs on: the embedded one or a PostgreSQL server. */
export type DbKind = 'pglite' | 'postgres';

/** What opening the embedded database settled of a restore its process was stopped in. */
export interface SettledRestore {
  /** Shadow schemas switched to (holding the restored rows), their switch finished. */
  finished: string[];
  /** Shadow schemas never switched to: the restore did not happen. */
  dropped: string[];
  /** The audit rows' staging tables (audit/merge.ts), all of restores that did not happen. */
  stagingDropped: string[];
}
