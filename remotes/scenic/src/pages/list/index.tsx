// Scenic list (/scenic/list): the shared search table with a card view of live load.
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { Card, Input, Message, Select } from '@arco-design/web-react';
import {
  SCENIC_CATEGORY_DICTIONARY,
  SCENIC_FIELD_SPECS,
  SCENIC_STATUSES,
  resolveLocale,
  type ScenicSpot,
} from '@console/shared';
import { filterOf } from '@console/shared/components/field-specs';
import { SearchTable } from '@console/shared/components/search-table';
import {
  scenicApi,
  useDeleteSpotMutation,
  useScenicImportProgress,
  useScenicSpotsQuery,
} from '../../api';
import { useCategories } from '../../hooks';
import { useHasPermission } from '@console/shared/permission';
import { spotColumns } from './columns';
import { SpotCards } from './SpotCards';

export default function ScenicListPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const canMaintain = useHasPermission('scenic:maintain');
  const categories = useCategories();
  const [deleteSpot] = useDeleteSpotMutation();
  const open = useCallback((s: ScenicSpot) => navigate(`/scenic/detail/${s.id}`), [navigate]);

  const columns = useMemo(
    () =>
      spotColumns({
        intl,
        categoryLabel: categories.label,
        canMaintain,
        onDetail: open,
        onEdit: (s) => navigate(`/scenic/maintenance?id=${s.id}`),
        // The mutation refreshes the lists; the client shows a refusal (teams plan a visit).
        onDelete: async (s) => {
          await deleteSpot({ id: s.id, version: s.version }).unwrap();
          Message.success(intl.formatMessage({ id: 'scenic.action.deleted' }));
        },
      }),
    [intl, categories.label, canMaintain, open, navigate, deleteSpot],
  );

  const locale = resolveLocale(intl.locale);
  const categoryOptions = useMemo(
    () => ({
      [SCENIC_CATEGORY_DICTIONARY]: categories.items.map((c) => ({
        value: c.value,
        label: categories.label(c.value),
      })),
    }),
    [categories],
  );
  const filters = [
    {
      field: 'keyword',
      label: t('scenic.field.keyword'),
      element: <Input allowClear placeholder={t('scenic.field.keywordPlaceholder')} />,
    },
    // The fields' filters from the contract's field specs (label, select or text box).
    filterOf(SCENIC_FIELD_SPECS, 'grade', locale),
    filterOf(SCENIC_FIELD_SPECS, 'category', locale, categoryOptions),
    filterOf(SCENIC_FIELD_SPECS, 'province', locale),
    filterOf(SCENIC_FIELD_SPECS, 'city', locale),
    {
      field: 'status',
      label: t('scenic.field.status'),
      element: (
        <Select
          allowClear
          options={SCENIC_STATUSES.map((s) => ({ value: s, label: t(`scenic.status.${s}`) }))}
        />
      ),
    },
  ];

  return (
    // On a card like the guide list: the filter inputs' fill needs the card's background.
    <Card data-testid="scenic-list">
      <SearchTable<ScenicSpot>
        tableId="scenic-spots"
        rowKey="id"
        columns={columns}
        filters={filters}
        useList={useScenicSpotsQuery}
        onCreate={canMaintain ? () => navigate('/scenic/maintenance?new=1') : undefined}
        importConfig={
          canMaintain
            ? {
                url: scenicApi.importUrl,
                event: scenicApi.importEvent,
                template: scenicApi.template,
                useProgress: useScenicImportProgress,
              }
            : undefined
        }
        exportFile={(query, format) => scenicApi.exportFile(query, format)}
        renderCards={(rows) => <SpotCards spots={rows} onOpen={open} />}
      />
    </Card>
  );
}
