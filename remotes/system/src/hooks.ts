// Contract validation messages in the current locale, for the system pages' forms.
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { validationMessage, type Locale, type ValidationIssueLike } from '@console/shared';
import type { z } from 'zod';

/** Validates with a contract and answers field → message in the current locale. */
export function useContractErrors() {
  const { locale } = useIntl();
  return useCallback(
    (schema: z.ZodType, values: Record<string, unknown>): Record<string, string> => {
      const result = schema.safeParse(values);
      if (result.success) return {};
      const out: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (out[field]) continue;
        out[field] = validationMessage(
          { ...(issue as unknown as ValidationIssueLike), missing: values[field] === undefined },
          locale as Locale,
        );
      }
      return out;
    },
    [locale],
  );
}
