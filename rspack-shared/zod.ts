// What the console uses of zod, shared under the `zod` key (see react-router-dom.ts beside this
// file and rspack.config.base.ts): the contracts are bundled into every app, the schema library
// under them is one copy on the page. Sharing the package itself would ship its whole `z`
// namespace with every locale of its error messages (~87 KB gzip); the members the console's
// sources call are ~27 KB. Apps import `{ z }` from 'zod' (typed by zod itself); at run time
// they get this `z`. A member used in a source and missing here fails
// host/src/sharedSlices.test.ts: add it here.
import {
  array,
  boolean,
  coerce,
  discriminatedUnion,
  email,
  enum as zodEnum,
  iso,
  lazy,
  literal,
  null as zodNull,
  number,
  object,
  partialRecord,
  record,
  strictObject,
  string,
  union,
  unknown,
  ZodDefault,
} from 'zod';

export const z = {
  array,
  boolean,
  coerce,
  discriminatedUnion,
  email,
  enum: zodEnum,
  iso,
  lazy,
  literal,
  null: zodNull,
  number,
  object,
  partialRecord,
  record,
  strictObject,
  string,
  union,
  unknown,
  // A class, not a factory: `withoutDefaults` (contracts/validation.ts) asks `instanceof`.
  ZodDefault,
};
