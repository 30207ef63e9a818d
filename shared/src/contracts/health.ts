// GET /api/health: whether the server answers and its database with it (README, "Running").
import { z } from 'zod';

export const DATABASE_KINDS = ['pglite', 'postgres'] as const;

export const healthReport = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(DATABASE_KINDS), status: z.enum(['up', 'down']) }),
});
export type HealthReport = z.infer<typeof healthReport>;

/**
 * GET /api/health/ready: whether this instance should be sent requests (a load balancer's
 * readiness probe), apart from `/api/health` (it answers at all). Not ready (503, the same
 * report as the error's data) while the database is unreachable, while it lacks migrations
 * this build needs (another instance is migrating it), or once the instance is shutting down.
 */
export const readinessReport = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.object({ kind: z.enum(DATABASE_KINDS), status: z.enum(['up', 'down']) }),
  /** Migrations of this build the database has not applied; null when it could not be read. */
  pendingMigrations: z.number().int().nullable(),
  shuttingDown: z.boolean(),
});
export type ReadinessReport = z.infer<typeof readinessReport>;
