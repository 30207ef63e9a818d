// Filter fields of the guide list; each becomes a query parameter of GET /api/guides. A filter
// on a field is read from its spec (filterOf); the others (keyword, status…) are written here.
import { Input, InputNumber, Select } from '@arco-design/web-react';
import type { IntlShape } from 'react-intl';
import { GUIDE_FIELD_SPECS, GUIDE_LIMITS, GUIDE_STATUSES, resolveLocale } from '@console/shared';
import type { FilterField } from '@console/shared/components/search-table';
import { filterOf } from '@console/shared/components/field-specs';
import { SpotPicker } from '@console/shared/components/spot-picker';
import type { Dictionaries } from '../../hooks';

export function guideFilters(intl: IntlShape, dict: Dictionaries): FilterField[] {
  const t = (id: string) => intl.formatMessage({ id: `guide.field.${id}` });
  const locale = resolveLocale(intl.locale);
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
    filterOf(GUIDE_FIELD_SPECS, 'level', locale),
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
    filterOf(GUIDE_FIELD_SPECS, 'employmentType', locale),
    filterOf(GUIDE_FIELD_SPECS, 'licenceType', locale),
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
