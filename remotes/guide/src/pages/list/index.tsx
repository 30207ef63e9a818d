// Guide list (/guide/list): the shared search table with filters, create, import, download,
// column settings and density; create/edit in a drawer; status changes with a reason.
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Card } from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import type { Guide, GuideListItem } from '@console/shared';
import { downloadFile } from '@console/shared/api';
import { SearchTable } from '@console/shared/components/search-table';
import { guideApi, useGuideImportProgress, useGuidesQuery } from '../../api';
import { useGuideDictionaries } from '../../hooks';
import { useHasPermission } from '@console/shared/permission';
import { guideColumns } from './columns';
import { guideFilters } from './filters';
import { GuideDrawer } from './GuideDrawer';
import { StatusModal } from './StatusModal';

export default function GuideListPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const dict = useGuideDictionaries();
  const canWrite = useHasPermission('guide:write');
  const [editing, setEditing] = useState<{ guide: Guide | null } | null>(null);
  const [statusOf, setStatusOf] = useState<GuideListItem | null>(null);

  const openEdit = useCallback(async (row: GuideListItem) => {
    // The drawer edits the full record (children and version) as the server has it now.
    setEditing({ guide: await guideApi.get(row.id) });
  }, []);

  const columns = useMemo(
    () =>
      guideColumns(intl, dict, canWrite, {
        view: (row) => navigate(`/guide/profile/${row.id}`),
        edit: (row) => void openEdit(row),
        changeStatus: setStatusOf,
      }),
    [intl, dict, canWrite, navigate, openEdit],
  );
  const filters = useMemo(() => guideFilters(intl, dict), [intl, dict]);

  // The write's mutation refreshed the list (and the guide's other reads).
  const saved = () => {
    setEditing(null);
    setStatusOf(null);
  };

  return (
    <Card data-testid="guide-table">
      <SearchTable<GuideListItem>
        tableId="guides"
        rowKey="id"
        columns={columns}
        filters={filters}
        useList={useGuidesQuery}
        onCreate={canWrite ? () => setEditing({ guide: null }) : undefined}
        importConfig={
          canWrite
            ? {
                // A successful import refetches what guide.imported names (the lists).
                url: '/guides/import',
                event: { type: 'guide.imported' },
                template: (format) =>
                  downloadFile('/guides/import/template', { format }, `guides-template.${format}`),
                useProgress: useGuideImportProgress,
              }
            : undefined
        }
        exportFile={(query, format) =>
          downloadFile('/guides/export', { ...query, format }, `guides.${format}`)
        }
      />
      <GuideDrawer
        guide={editing?.guide ?? null}
        visible={!!editing}
        onClose={() => setEditing(null)}
        onSaved={saved}
      />
      <StatusModal guide={statusOf} onClose={() => setStatusOf(null)} onChanged={saved} />
    </Card>
  );
}
