// The envelope and page shapes as schemas, for a route's `response` (envelope.ts: the types).
import { z } from 'zod';

/** The success envelope around a response shape, for a route's `response` schema. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), msg: z.string(), data });

/** One page of a list. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number() });
