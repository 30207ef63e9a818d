// Small hooks the guide pages share: dictionaries, the write permission, enum labels.
import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  GUIDE_LANGUAGE_CATEGORY,
  GUIDE_SPECIALTY_CATEGORY,
  GUIDE_VALIDATION_MESSAGES,
  type Locale,
  type PropertyItem,
} from '@console/shared';
import { selectPermissions, useAppSelector } from '@console/shared/store';
import { guideApi } from './api';

/** Whether the signed-in role may create and edit guides (server: guide:write). */
export function useCanWriteGuides(): boolean {
  return useAppSelector((state) => selectPermissions(state).includes('guide:write'));
}

export interface Dictionaries {
  languages: PropertyItem[];
  specialties: PropertyItem[];
  /** Label of a dictionary value in the current locale (the value itself when unknown). */
  languageLabel(value: string): string;
  specialtyLabel(value: string): string;
}

export function useGuideDictionaries(): Dictionaries {
  const { locale } = useIntl();
  const [languages, setLanguages] = useState<PropertyItem[]>([]);
  const [specialties, setSpecialties] = useState<PropertyItem[]>([]);
  useEffect(() => {
    let live = true;
    Promise.all([
      guideApi.dictionary(GUIDE_LANGUAGE_CATEGORY),
      guideApi.dictionary(GUIDE_SPECIALTY_CATEGORY),
    ])
      .then(([l, s]) => {
        if (!live) return;
        setLanguages(l);
        setSpecialties(s);
      })
      .catch(() => {
        /* the client already showed the error; labels fall back to values */
      });
    return () => {
      live = false;
    };
  }, []);
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
    languageLabel: (v) => label(languages, v),
    specialtyLabel: (v) => label(specialties, v),
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
