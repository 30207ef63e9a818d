// Hooks the scenic pages share: the category dictionary, contract
// validation messages in the current locale, and the colours of statuses and load bands.
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import {
  SCENIC_VALIDATION_MESSAGES,
  validationMessage,
  type Locale,
  type PropertyItem,
  type ValidationIssueLike,
} from '@console/shared';
import type { z } from 'zod';
import { useScenicCategoriesQuery } from './api';

const NO_ITEMS: PropertyItem[] = [];

export function useCategories() {
  const { locale } = useIntl();
  // On failure the client showed the error; labels fall back to values.
  const items = useScenicCategoriesQuery().data ?? NO_ITEMS;
  const label = useCallback(
    (value: string) => {
      const item = items.find((i) => i.value === value);
      if (!item) return value;
      return locale === 'en-US' ? item.labelEn : item.labelZh;
    },
    [items, locale],
  );
  return { items, label };
}

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
        const own = (SCENIC_VALIDATION_MESSAGES as Record<string, Record<Locale, string>>)[
          issue.message
        ];
        out[field] = own
          ? own[locale as Locale]
          : validationMessage(
              {
                ...(issue as unknown as ValidationIssueLike),
                missing: values[field] === undefined,
              },
              locale as Locale,
            );
      }
      return out;
    },
    [locale],
  );
}

export {
  SCENIC_STATUS_TAG as STATUS_COLOR,
  SCENIC_BAND_COLOR as BAND_COLOR,
  SCENIC_BAND_TAG as BAND_TAG,
  scenicRegionText as regionText,
} from '@console/shared';

/** Fen → yuan text. */
export const yuan = (fen: number) => (fen / 100).toFixed(fen % 100 === 0 ? 0 : 2);
