// When a cross-field rule runs. By default zod skips an object's refinements once any field has
// failed, so a form learned of "closing before opening" only after fixing an unrelated empty
// field: errors arrived in rounds (issue #18 item 12). A rule guarded here runs whenever the
// fields it reads are valid themselves, so every error comes back at once (form and server).
import type { z } from 'zod';

type Params = NonNullable<Parameters<z.ZodType['superRefine']>[1]>;

export function whenFieldsValid(fields: readonly string[]): Params {
  return {
    // Never on a value that is not an object at all (a JSON null body): the rule would throw.
    when: (payload) =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      !payload.issues.some((issue) => {
        const head = issue.path?.[0];
        return head === undefined || fields.includes(String(head));
      }),
  };
}
