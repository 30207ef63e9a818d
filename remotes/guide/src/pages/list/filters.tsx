// Filter fields of the guide list; each becomes a query parameter of GET /api/guides.
import { Input, InputNumber, Select } from '@arco-design/web-react';
import type { IntlShape } from 'react-intl';
import {
  EMPLOYMENT_TYPES,
  GUIDE_LEVELS,
  GUIDE_LIMITS,
  GUIDE_STATUSES,
  LICENCE_TYPES,
} from '@console/shared';
import type { FilterField } from '@console/shared/components/search-table';
import { SpotPicker } from '@console/shared/components/spot-picker';
import type { Dictionaries } from '../../hooks';

export function guideFilters(intl: IntlShape, dict: Dictionaries): FilterField[] {
  const t = (id: string) => intl.formatMessage({ id: `guide.field.${id}` });
  const options = (group: string, values: readonly string[]) =>
    values.map((v) => ({ value: v, label: intl.formatMessage({ id: `guide.${group}.${v}` }) }));
  return [
    {
      field: 'keyword',
      label: t('keyword'),
      element: (
        <Input
          allowClear
          maxLength={GUIDE_LIMITS.keywordMax}
          placeholder={intl.formatMessage({ id: 'guide.placeholder.keyword' })}
          data-testid="guide-filter-keyword"
        />
      ),
    },
    {
      field: 'level',
      label: t('level'),
      element: <Select allowClear options={options('level', GUIDE_LEVELS)} />,
    },
    {
      field: 'language',
      label: t('language'),
      element: (
        <Select
          allowClear
          showSearch
          options={dict.languages.map((l) => ({
            value: l.value,
            label: dict.languageLabel(l.value),
          }))}
        />
      ),
    },
    {
      field: 'status',
      label: t('status'),
      element: <Select allowClear options={options('status', GUIDE_STATUSES)} />,
    },
    {
      field: 'employmentType',
      label: t('employmentType'),
      element: <Select allowClear options={options('employment', EMPLOYMENT_TYPES)} />,
    },
    {
      field: 'licenceType',
      label: t('licenceType'),
      element: <Select allowClear options={options('licenceType', LICENCE_TYPES)} />,
    },
    {
      field: 'expiringWithinDays',
      numeric: true,
      label: t('expiringWithinDays'),
      element: (
        <InputNumber
          min={0}
          max={3650}
          precision={0}
          placeholder={String(GUIDE_LIMITS.expiryWarningDays)}
        />
      ),
    },
    {
      field: 'certifiedSpotId',
      numeric: true,
      label: t('certifiedSpot'),
      element: <SpotPicker allowClear />,
    },
  ];
}
