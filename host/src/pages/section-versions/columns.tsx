// Table columns of the Section versions page: pins, published versions, pin history.
import type { IntlShape } from 'react-intl';
import { Button, Space, Tag, Tooltip } from '@arco-design/web-react';
import type { TableColumnProps } from '@arco-design/web-react';
import type { SectionName } from '@console/shared/contracts/menu';
import {
  pageChanges,
  type PinHistoryEntry,
  type PublishedSectionVersion,
  type SectionEnvironment,
  type SectionPinState,
} from '@console/shared/contracts/sections';
import { operationDateTime } from '@console/shared/i18n';

/** Versions, times, hashes and sizes are single tokens: never wrapped mid-way (issue #18 item 9). */
const token = (text: string) => <span className="console-token">{text}</span>;
/** In the operation's time zone, as every time in the console (not the browser's, US-styled). */
const dateTime = (iso: string) => token(operationDateTime(iso));
const megabytes = (bytes: number) => token(`${(bytes / 1024 / 1024).toFixed(2)} MB`);

export interface PinRow {
  section: SectionName;
  pin: SectionPinState | undefined;
}

export type CanaryMove = 'widen' | 'promote' | 'abort';

export function pinColumns(
  intl: IntlShape,
  onRollback: (row: PinRow) => void,
  onCanary: (row: PinRow, move: CanaryMove) => void,
): TableColumnProps<PinRow>[] {
  const t = (id: string) => intl.formatMessage({ id });
  return [
    {
      title: t('sectionVersions.section'),
      dataIndex: 'section',
      render: (s: SectionName) => t(`menu.${s}`),
    },
    {
      title: t('sectionVersions.pinned'),
      render: (_, row) =>
        row.pin ? (
          <Tag color="arcoblue" data-testid={`pinned-${row.section}`}>
            {row.pin.version}
          </Tag>
        ) : (
          <Tag>{t('sectionVersions.notPinned')}</Tag>
        ),
    },
    {
      title: t('sectionVersions.pinnedAt'),
      render: (_, row) => (row.pin ? dateTime(row.pin.pinnedAt) : '-'),
    },
    { title: t('sectionVersions.pinnedBy'), render: (_, row) => row.pin?.pinnedBy ?? '-' },
    {
      title: t('sectionVersions.canary'),
      render: (_, row) =>
        row.pin?.canary ? (
          <Tag color="orange" data-testid={`canary-${row.section}`}>
            {intl.formatMessage(
              { id: 'sectionVersions.canaryTag' },
              { version: row.pin.canary.version, share: row.pin.canary.share },
            )}
          </Tag>
        ) : (
          t('sectionVersions.noCanary')
        ),
    },
    {
      title: t('sectionVersions.rollbackTo'),
      render: (_, row) => token(row.pin?.rollbackTo ?? '-'),
    },
    {
      title: t('sectionVersions.actions'),
      render: (_, row) => (
        <Space size={4} wrap>
          <Button
            size="small"
            status="warning"
            disabled={!row.pin?.rollbackTo}
            data-testid={`rollback-${row.section}`}
            onClick={() => onRollback(row)}
          >
            {t('sectionVersions.rollback')}
          </Button>
          {row.pin?.canary &&
            (['widen', 'promote', 'abort'] as const).map((move) => (
              <Button
                key={move}
                size="small"
                status={move === 'abort' ? 'danger' : undefined}
                disabled={move === 'widen' && row.pin!.canary!.share >= 99}
                data-testid={`canary-${move}-${row.section}`}
                onClick={() => onCanary(row, move)}
              >
                {t(`sectionVersions.${move}`)}
              </Button>
            ))}
        </Space>
      ),
    },
  ];
}

/** The pages a version declares, and what it changes against the environment's pinned one. */
function PagesCell({
  intl,
  version,
  pin,
}: {
  intl: IntlShape;
  version: PublishedSectionVersion;
  pin: SectionPinState | undefined;
}) {
  if (!version.pages) return <>{intl.formatMessage({ id: 'sectionVersions.noPages' })}</>;
  const paths = version.pages.pages.map((p) => p.path);
  const { adds, removes } = pageChanges(version.pages, pin?.pagePaths ?? null);
  const pinnedHere = pin?.version === version.version;
  return (
    <Space wrap size={4} data-testid={`pages-${version.section}-${version.version}`}>
      <Tooltip content={paths.join(', ')}>
        {/* Focusable, so the list of paths opens from the keyboard too. */}
        <span tabIndex={0} className="console-token">
          {intl.formatMessage({ id: 'sectionVersions.pageCount' }, { count: paths.length })}
        </span>
      </Tooltip>
      {pin && !pinnedHere && (
        <>
          {adds.map((path) => (
            <Tag key={`+${path}`} color="green">
              {intl.formatMessage({ id: 'sectionVersions.adds' }, { path })}
            </Tag>
          ))}
          {removes.map((path) => (
            <Tag key={`-${path}`} color="orangered">
              {intl.formatMessage({ id: 'sectionVersions.removes' }, { path })}
            </Tag>
          ))}
        </>
      )}
    </Space>
  );
}

export function versionColumns(
  intl: IntlShape,
  environment: string,
  pins: SectionEnvironment['pins'],
  actions: {
    onPin: (v: PublishedSectionVersion) => void;
    onCanary: (v: PublishedSectionVersion) => void;
    onPreview: (v: PublishedSectionVersion) => void;
  },
): TableColumnProps<PublishedSectionVersion>[] {
  const t = (id: string) => intl.formatMessage({ id });
  return [
    {
      title: t('sectionVersions.section'),
      dataIndex: 'section',
      width: 140,
      render: (s: SectionName) => t(`menu.${s}`),
    },
    // A version, a time and a commit are tokens kept on one line: each column is wide enough
    // for its token, so none runs into the next column.
    { title: t('sectionVersions.version'), dataIndex: 'version', width: 210, render: token },
    {
      title: t('sectionVersions.builtAt'),
      dataIndex: 'builtAt',
      width: 200,
      render: (v: string) => dateTime(v),
    },
    {
      title: t('sectionVersions.commit'),
      dataIndex: 'commit',
      width: 100,
      render: (v: string | null) => token(v ?? '-'),
    },
    {
      title: t('sectionVersions.size'),
      dataIndex: 'sizeBytes',
      width: 100,
      render: (v: number) => megabytes(v),
    },
    {
      title: t('sectionVersions.compatibility'),
      width: 130,
      render: (_, v) =>
        v.compatibility.compatible ? (
          <Tag color="green">{t('sectionVersions.compatible')}</Tag>
        ) : (
          <Tooltip
            content={v.compatibility.mismatches
              .map((m) =>
                intl.formatMessage(
                  { id: 'sectionVersions.mismatch' },
                  { lib: m.lib, bundle: m.bundle, host: m.host || '-' },
                ),
              )
              .join('; ')}
          >
            <Tag color="red">{t('sectionVersions.incompatible')}</Tag>
          </Tooltip>
        ),
    },
    {
      title: t('sectionVersions.pages'),
      width: 110,
      render: (_, v) => <PagesCell intl={intl} version={v} pin={pins[v.section]} />,
    },
    {
      title: t('sectionVersions.pinnedIn'),
      width: 140,
      render: (_, v) => (
        <Space wrap size={4}>
          {v.pinnedIn.map((env) => (
            <Tag key={env} color={env === environment ? 'arcoblue' : undefined}>
              {env}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('sectionVersions.actions'),
      // Always in view, at the right edge while the table scrolls; the buttons wrap.
      fixed: 'right',
      width: 210,
      render: (_, v) => (
        <Space wrap size={4}>
          <Button
            size="small"
            type="primary"
            disabled={v.pinnedIn.includes(environment)}
            data-testid={`pin-${v.section}-${v.version}`}
            onClick={() => actions.onPin(v)}
          >
            {intl.formatMessage({ id: 'sectionVersions.pin' }, { environment })}
          </Button>
          <Button
            size="small"
            // A canary needs a pin beside it, and one canary at a time.
            disabled={
              !pins[v.section] ||
              v.pinnedIn.includes(environment) ||
              !!pins[v.section]?.canary ||
              !v.compatibility.compatible
            }
            data-testid={`canary-${v.section}-${v.version}`}
            onClick={() => actions.onCanary(v)}
          >
            {t('sectionVersions.startCanary')}
          </Button>
          <Button
            size="small"
            data-testid={`preview-${v.section}-${v.version}`}
            onClick={() => actions.onPreview(v)}
          >
            {t('sectionVersions.preview')}
          </Button>
        </Space>
      ),
    },
  ];
}

export function historyColumns(intl: IntlShape): TableColumnProps<PinHistoryEntry>[] {
  const t = (id: string) => intl.formatMessage({ id });
  return [
    { title: t('sectionVersions.at'), dataIndex: 'at', render: (v: string) => dateTime(v) },
    {
      title: t('sectionVersions.section'),
      dataIndex: 'section',
      render: (s: SectionName) => t(`menu.${s}`),
    },
    {
      title: t('sectionVersions.action'),
      dataIndex: 'action',
      render: (a: string) => t(`sectionVersions.action.${a}`),
    },
    {
      title: t('sectionVersions.fromTo'),
      render: (_, h) => (
        <Space size={4}>
          {token(`${h.fromVersion ?? t('sectionVersions.none')} → ${h.toVersion}`)}
          {h.share !== null && (
            <Tag size="small">
              {intl.formatMessage({ id: 'sectionVersions.shareOf' }, { share: h.share })}
            </Tag>
          )}
        </Space>
      ),
    },
    { title: t('sectionVersions.reason'), dataIndex: 'reason' },
    { title: t('sectionVersions.pinnedBy'), dataIndex: 'actor' },
  ];
}
