// Columns of the guide list (search table): sortable where the server sorts.
import { Button, Space, Tag, Tooltip } from '@arco-design/web-react';
import type { IntlShape } from 'react-intl';
import type { GuideListItem, GuideStatus } from '@console/shared';
import type { SearchTableColumn } from '@console/shared/components/search-table';
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
  return [
    {
      key: 'code',
      title: t('code'),
      dataIndex: 'code',
      sortable: true,
      fixedVisible: true,
      width: 110,
    },
    {
      key: 'name',
      title: t('name'),
      dataIndex: 'name',
      sortable: true,
      fixedVisible: true,
      width: 110,
      render: (name: string, row: GuideListItem) => (
        <Button type="text" size="mini" onClick={() => actions.view(row)}>
          {name}
        </Button>
      ),
    },
    { key: 'phone', title: t('phone'), dataIndex: 'phone', width: 130 },
    {
      key: 'level',
      title: t('level'),
      dataIndex: 'level',
      sortable: true,
      width: en ? 120 : 90,
      render: (v: string) => label('level', v),
    },
    // Before the wide columns: the expiry and its validity tag are seen without scrolling,
    // never half under the fixed actions column (issue #18 item 15).
    {
      key: 'licenceExpiry',
      title: t('licenceExpiry'),
      dataIndex: 'licenceExpiry',
      sortable: true,
      width: 190,
      render: (v: string) => (
        <Space size={4}>
          {v}
          <LicenceTag expiry={v} />
        </Space>
      ),
    },
    {
      key: 'languages',
      title: t('languages'),
      dataIndex: 'languages',
      width: 200,
      render: (langs: GuideListItem['languages']) => (
        <Space size={4} wrap>
          {langs.map((l) => (
            <Tooltip key={l.language} content={label('proficiency', l.proficiency)}>
              <Tag size="small">{dict.languageLabel(l.language)}</Tag>
            </Tooltip>
          ))}
        </Space>
      ),
    },
    {
      key: 'employmentType',
      title: t('employmentType'),
      dataIndex: 'employmentType',
      width: 100,
      render: (v: string) => label('employment', v),
    },
    { key: 'homeCity', title: t('homeCity'), dataIndex: 'homeCity', width: 90 },
    {
      key: 'maxGroupSize',
      title: t('maxGroupSize'),
      dataIndex: 'maxGroupSize',
      sortable: true,
      width: 110,
    },
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
