// Record ids and versions are PostgreSQL `integer` (int4) columns: one bound, zod-free so the
// boot chunk can use it without the validation library.
/** The largest id or version a record can have. */
export const ID_MAX = 2_147_483_647;
