// Scenic list (/scenic/list): the shared search table with a card view of live load.
import { useCallback, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { Input, Message, Select } from '@arco-design/web-react';
import { SCENIC_GRADES, SCENIC_STATUSES, type ScenicSpot } from '@console/shared';
import { SearchTable, type SearchQuery } from '@console/shared/components/search-table';
import { scenicApi } from '../../api';
import { useCanMaintain, useCategories } from '../../hooks';
import { spotColumns } from './columns';
import { SpotCards } from './SpotCards';

export default function ScenicListPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const canMaintain = useCanMaintain();
  const categories = useCategories();
  const [reload, setReload] = useState(0);

  const fetch = useCallback((query: SearchQuery) => scenicApi.list(query), []);
  const open = useCallback((s: ScenicSpot) => navigate(`/scenic/detail/${s.id}`), [navigate]);

  const columns = useMemo(
    () =>
      spotColumns({
        intl,
        categoryLabel: categories.label,
        canMaintain,
        onDetail: open,
        onEdit: (s) => navigate(`/scenic/maintenance?id=${s.id}`),
        onDelete: async (s) => {
          await scenicApi.remove(s.id, s.version);
          Message.success(intl.formatMessage({ id: 'scenic.action.deleted' }));
          setReload((n) => n + 1);
        },
      }),
    [intl, categories.label, canMaintain, open, navigate],
  );

  const filters = [
    {
      field: 'keyword',
      label: t('scenic.field.keyword'),
      element: <Input allowClear placeholder={t('scenic.field.keywordPlaceholder')} />,
    },
    {
      field: 'grade',
      label: t('scenic.field.grade'),
      element: (
        <Select
          allowClear
          options={SCENIC_GRADES.map((g) => ({ value: g, label: t(`scenic.grade.${g}`) }))}
        />
      ),
    },
    {
      field: 'category',
      label: t('scenic.field.category'),
      element: (
        <Select
          allowClear
          options={categories.items.map((c) => ({
            value: c.value,
            label: categories.label(c.value),
          }))}
        />
      ),
    },
    { field: 'province', label: t('scenic.field.province'), element: <Input allowClear /> },
    { field: 'city', label: t('scenic.field.city'), element: <Input allowClear /> },
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
    <div data-testid="scenic-list">
      <SearchTable<ScenicSpot>
        tableId="scenic-spots"
        rowKey="id"
        columns={columns}
        filters={filters}
        fetch={fetch}
        reloadToken={reload}
        onCreate={canMaintain ? () => navigate('/scenic/maintenance?new=1') : undefined}
        importConfig={
          canMaintain ? { upload: scenicApi.importFile, template: scenicApi.template } : undefined
        }
        exportFile={(query, format) => scenicApi.exportFile(query, format)}
        renderCards={(rows) => <SpotCards spots={rows} onOpen={open} />}
        scrollX={1640}
      />
    </div>
  );
}
