// GET /api/health: whether the server answers and its database with it (README, "Running").
import { z } from 'zod';

export const DATABASE_KINDS = ['pglite', 'postgres'] as const;

export const healthReport = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(DATABASE_KINDS), status: z.enum(['up', 'down']) }),
});
export type HealthReport = z.infer<typeof healthReport>;
