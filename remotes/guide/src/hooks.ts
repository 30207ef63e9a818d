// Small hooks the guide pages share: dictionaries, enum labels.
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import {
  GUIDE_LANGUAGE_CATEGORY,
  GUIDE_SPECIALTY_CATEGORY,
  GUIDE_VALIDATION_MESSAGES,
  type Locale,
  type PropertyItem,
} from '@console/shared';
import { useGuideDictionaryQuery } from './api';

const NO_ITEMS: PropertyItem[] = [];

export interface Dictionaries {
  languages: PropertyItem[];
  specialties: PropertyItem[];
  /** Label of a dictionary value in the current locale (the value itself when unknown). */
  languageLabel(value: string): string;
  specialtyLabel(value: string): string;
}

export function useGuideDictionaries(): Dictionaries {
  const { locale } = useIntl();
  // On failure the client already showed the error; labels fall back to values.
  // Labels come from every item; the choices offer only the enabled ones (a disabled item
  // stays readable on the records that hold it, issue #15).
  const allLanguages = useGuideDictionaryQuery(GUIDE_LANGUAGE_CATEGORY).data ?? NO_ITEMS;
  const allSpecialties = useGuideDictionaryQuery(GUIDE_SPECIALTY_CATEGORY).data ?? NO_ITEMS;
  const languages = useMemo(() => allLanguages.filter((i) => i.enabled), [allLanguages]);
  const specialties = useMemo(() => allSpecialties.filter((i) => i.enabled), [allSpecialties]);
  const label = useCallback(
    (items: PropertyItem[], value: string) => {
      const item = items.find((i) => i.value === value);
      if (!item) return value;
      return locale === 'en-US' ? item.labelEn : item.labelZh;
    },
    [locale],
  );
  return {
    languages,
    specialties,
    languageLabel: (v) => label(allLanguages, v),
    specialtyLabel: (v) => label(allSpecialties, v),
  };
}

/** Text of a contract message code in the current locale (falls back to the code). */
export function useValidationText() {
  const { locale } = useIntl();
  return useCallback(
    (code: string) =>
      (GUIDE_VALIDATION_MESSAGES as Record<string, Record<Locale, string>>)[code]?.[
        locale as Locale
      ] ?? code,
    [locale],
  );
}

/** "guide.level.senior"-style labels for the contract's enums. */
export function useEnumLabel() {
  const intl = useIntl();
  return useCallback(
    (group: string, value: string) => intl.formatMessage({ id: `guide.${group}.${value}` }),
    [intl],
  );
}
