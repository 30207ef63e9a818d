// Columns of the guide list (search table): the fields' columns come from GUIDE_FIELD_SPECS
// (width, sortable where the server sorts); derived and action columns are written here.
import { Button, Space, Tag, Tooltip } from '@arco-design/web-react';
import type { IntlShape } from 'react-intl';
import {
  GUIDE_FIELD_SPECS,
  resolveLocale,
  type GuideListItem,
  type GuideStatus,
} from '@console/shared';
import type { SearchTableColumn } from '@console/shared/components/search-table';
import { columnsOf } from '@console/shared/components/field-specs';
import { LicenceTag } from '../profile/ProfileCards';
import type { Dictionaries } from '../../hooks';

export const STATUS_COLOR: Record<GuideStatus, string> = {
  active: 'green',
  on_leave: 'orange',
  suspended: 'red',
  inactive: 'gray',
};

export interface ColumnActions {
  view(row: GuideListItem): void;
  edit(row: GuideListItem): void;
  changeStatus(row: GuideListItem): void;
}

export function guideColumns(
  intl: IntlShape,
  dict: Dictionaries,
  canWrite: boolean,
  actions: ColumnActions,
): SearchTableColumn<GuideListItem>[] {
  const t = (id: string) => intl.formatMessage({ id: `guide.field.${id}` });
  const label = (group: string, v: string) => intl.formatMessage({ id: `guide.${group}.${v}` });
  // English labels run longer ("Intermediate", "Suspended"): a column fits its longest word.
  const en = intl.locale === 'en-US';
  const fields = columnsOf<GuideListItem>(GUIDE_FIELD_SPECS, resolveLocale(intl.locale), {
    render: {
      name: (name: string, row) => (
        <Button type="text" size="mini" onClick={() => actions.view(row)}>
          {name}
        </Button>
      ),
      licenceExpiry: (v: string) => (
        // A long state ("Expires within 30 days") goes under the date, never over the next cell.
        <Space size={4} wrap>
          <span style={{ whiteSpace: 'nowrap' }}>{v}</span>
          <LicenceTag expiry={v} />
        </Space>
      ),
      languages: (langs: GuideListItem['languages']) => (
        <Space size={4} wrap>
          {langs.map((l) => (
            <Tooltip key={l.language} content={label('proficiency', l.proficiency)}>
              <Tag size="small">{dict.languageLabel(l.language)}</Tag>
            </Tooltip>
          ))}
        </Space>
      ),
    },
  });
  // The spec order puts the expiry and its validity tag before the wide columns, seen without
  // scrolling, never half under the fixed actions column (issue #18 item 15).
  return [
    ...fields,
    {
      key: 'teamsLed',
      title: intl.formatMessage({ id: 'guide.figures.teamsLed' }),
      dataIndex: 'figures.teamsLed',
      width: 90,
      render: (_: unknown, row: GuideListItem) => row.figures.teamsLed,
    },
    {
      key: 'status',
      title: t('status'),
      dataIndex: 'status',
      sortable: true,
      width: en ? 110 : 90,
      render: (v: GuideStatus) => <Tag color={STATUS_COLOR[v]}>{label('status', v)}</Tag>,
    },
    {
      key: 'operations',
      fixedVisible: true,
      title: t('operations'),
      dataIndex: 'operations',
      fixed: 'right' as const,
      // Wide enough for "Profile Edit Change status" in English (issue #18 item 14).
      width: canWrite ? (en ? 250 : 200) : 80,
      render: (_: unknown, row: GuideListItem) => (
        <Space size={0}>
          <Button type="text" size="mini" onClick={() => actions.view(row)}>
            {intl.formatMessage({ id: 'guide.action.view' })}
          </Button>
          {canWrite && (
            <Button
              type="text"
              size="mini"
              onClick={() => actions.edit(row)}
              data-testid={`edit-${row.code}`}
            >
              {intl.formatMessage({ id: 'guide.action.edit' })}
            </Button>
          )}
          {canWrite && (
            <Button type="text" size="mini" onClick={() => actions.changeStatus(row)}>
              {intl.formatMessage({ id: 'guide.action.changeStatus' })}
            </Button>
          )}
        </Space>
      ),
    },
  ];
}
