// The itinerary, day by day over the team period: an editor (spot picker with the spot's
// remaining capacity that day, planned times, notes) and a read-only view. Saving goes
// through `useSaveItinerary`: a warning the server asks to confirm is shown and confirmed,
// a refusal at 100 % names the spot, the day and the numbers.
import { useCallback, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Empty,
  Input,
  Modal,
  Space,
  Table,
  Tag,
  TimePicker,
  Typography,
} from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useIntl } from 'react-intl';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  TEAM_LIMITS,
  itineraryItemInput,
  periodDates,
  type CapacityWarning,
  type ItineraryItem,
  type ItineraryItemInput,
  type Team,
} from '@console/shared';
import { apiErrorCode, apiErrorEnvelope, showApiError } from '@console/shared/api';
import { SpotPicker } from '@console/shared/components/spot-picker';
import { useSaveItineraryMutation, useTeamCapacityQuery } from '../../api';
import { useIssueText } from '../../hooks';

export interface ItineraryRow {
  key: number;
  date: string;
  spotId?: number;
  plannedStart: string;
  plannedEnd: string;
  notes: string;
}

let nextKey = 1;
export const newRow = (date: string): ItineraryRow => ({
  key: nextKey++,
  date,
  plannedStart: '09:00',
  plannedEnd: '12:00',
  notes: '',
});

export const rowsOf = (items: ItineraryItem[]): ItineraryRow[] =>
  items.map((i) => ({
    key: nextKey++,
    date: i.date,
    spotId: i.spotId,
    plannedStart: i.plannedStart,
    plannedEnd: i.plannedEnd,
    notes: i.notes,
  }));

/** The rows as the contract's items, and each row's first error (by row key). */
export function useCheckRows() {
  const issueText = useIssueText();
  return useCallback(
    (rows: ItineraryRow[]) => {
      const items: ItineraryItemInput[] = [];
      const errors = new Map<number, string>();
      for (const row of rows) {
        const parsed = itineraryItemInput.safeParse({
          date: row.date,
          spotId: row.spotId,
          plannedStart: row.plannedStart,
          plannedEnd: row.plannedEnd,
          notes: row.notes,
        });
        if (parsed.success) items.push(parsed.data);
        else errors.set(row.key, issueText(parsed.error.issues[0] as never));
      }
      return { items, errors };
    },
    [issueText],
  );
}

/** Remaining capacity of a spot on a day, beside the picked spot. */
function CapacityHint({
  spotId,
  date,
  pax,
  teamId,
}: {
  spotId?: number;
  date: string;
  pax: number;
  teamId?: number;
}) {
  const intl = useIntl();
  const q = useTeamCapacityQuery(spotId ? { spotId, date, excludeTeamId: teamId } : skipToken);
  if (!spotId) return null;
  if (!q.data) return <Typography.Text type="secondary">…</Typography.Text>;
  const c = q.data;
  const after = c.capacity > 0 ? Math.round(((c.planned + pax) / c.capacity) * 100) : 100;
  const color = c.remaining < pax || c.capacity === 0 ? 'red' : after >= 80 ? 'orange' : 'green';
  return (
    <Space size={4} data-testid="capacity-hint">
      <Tag color={color} size="small">
        {c.capacity === 0
          ? intl.formatMessage({ id: 'team.capacity.closed' })
          : intl.formatMessage(
              { id: 'team.capacity.remaining' },
              { remaining: c.remaining, capacity: c.capacity, percent: after },
            )}
      </Tag>
      {c.maintenance && c.capacity > 0 && (
        <Tag size="small" color="purple">
          {intl.formatMessage({ id: 'team.capacity.maintenance' })}
        </Tag>
      )}
    </Space>
  );
}

export function ItineraryEditor(props: {
  startDate: string;
  endDate: string;
  pax: number;
  teamId?: number;
  rows: ItineraryRow[];
  onChange(rows: ItineraryRow[]): void;
  /** Row key → its error (shown under the row). */
  errors?: Map<number, string>;
}) {
  const { rows, onChange } = props;
  const intl = useIntl();
  const days = useMemo(
    () => periodDates(props.startDate, props.endDate),
    [props.startDate, props.endDate],
  );
  const set = (key: number, patch: Partial<ItineraryRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const full = rows.length >= TEAM_LIMITS.itineraryItemsMax;

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="itinerary-editor">
      {days.map((day, index) => {
        const dayRows = rows.filter((r) => r.date === day);
        return (
          <Card
            key={day}
            size="small"
            data-testid={`itinerary-day-${day}`}
            title={intl.formatMessage({ id: 'team.itinerary.day' }, { n: index + 1, date: day })}
            extra={
              <Button
                size="mini"
                type="text"
                icon={<IconPlus />}
                disabled={full}
                onClick={() => onChange([...rows, newRow(day)])}
                data-testid={`add-item-${day}`}
              >
                {intl.formatMessage({ id: 'team.itinerary.add' })}
              </Button>
            }
          >
            {dayRows.length === 0 ? (
              <Typography.Text type="warning">
                {intl.formatMessage({ id: 'team.itinerary.emptyDay' })}
              </Typography.Text>
            ) : (
              <Space direction="vertical" size={8} style={{ width: '100%' }}>
                {dayRows.map((row, i) => (
                  <div key={row.key} data-testid={`item-${day}-${i}`}>
                    <Space wrap size={8} align="center">
                      <SpotPicker
                        value={row.spotId}
                        onChange={(v) => set(row.key, { spotId: v as number | undefined })}
                        placeholder={intl.formatMessage({ id: 'team.itinerary.spot' })}
                        style={{ width: 240 }}
                        data-testid="item-spot"
                      />
                      <TimePicker.RangePicker
                        format="HH:mm"
                        allowClear={false}
                        value={[row.plannedStart, row.plannedEnd]}
                        onChange={(v) =>
                          set(row.key, { plannedStart: v?.[0] ?? '', plannedEnd: v?.[1] ?? '' })
                        }
                        style={{ width: 200 }}
                      />
                      <Input
                        value={row.notes}
                        maxLength={TEAM_LIMITS.itineraryNotesMax}
                        onChange={(v) => set(row.key, { notes: v })}
                        placeholder={intl.formatMessage({ id: 'team.itinerary.notes' })}
                        style={{ width: 200 }}
                      />
                      <Button
                        size="mini"
                        status="danger"
                        type="text"
                        icon={<IconDelete />}
                        aria-label={intl.formatMessage({ id: 'team.action.remove' })}
                        onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
                      />
                      <CapacityHint
                        spotId={row.spotId}
                        date={row.date}
                        pax={props.pax}
                        teamId={props.teamId}
                      />
                    </Space>
                    {props.errors?.get(row.key) && (
                      <div style={{ color: 'rgb(var(--danger-6))', fontSize: 12 }}>
                        {props.errors.get(row.key)}
                      </div>
                    )}
                  </div>
                ))}
              </Space>
            )}
          </Card>
        );
      })}
    </Space>
  );
}

/** The saved itinerary, by day. */
export function ItineraryView({ team }: { team: Team }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `team.itinerary.${id}` });
  const days = periodDates(team.startDate, team.endDate);
  if (team.itinerary.length === 0)
    return <Empty description={t('none')} data-testid="itinerary-empty" />;
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      data={team.itinerary}
      data-testid="itinerary-table"
      columns={[
        {
          title: t('date'),
          dataIndex: 'date',
          width: 190,
          render: (d: string) =>
            intl.formatMessage({ id: 'team.itinerary.day' }, { n: days.indexOf(d) + 1, date: d }),
        },
        {
          title: t('spotColumn'),
          dataIndex: 'spotName',
          render: (name: string, row: ItineraryItem) => `${name}（${row.spotCode}）`,
        },
        {
          title: t('time'),
          dataIndex: 'plannedStart',
          width: 130,
          render: (_: string, row: ItineraryItem) => `${row.plannedStart} – ${row.plannedEnd}`,
        },
        { title: t('notes'), dataIndex: 'notes' },
      ]}
    />
  );
}

/** The text of a capacity warning (spot, day, planned / capacity, percent). */
function warningText(intl: ReturnType<typeof useIntl>, w: CapacityWarning) {
  return intl.formatMessage(
    { id: 'team.capacity.warningLine' },
    {
      spot: w.spotName,
      date: w.date,
      planned: w.planned,
      capacity: w.capacity,
      percent: w.percent,
    },
  );
}

/**
 * Saves the itinerary; a spot-day at the warning percent asks the user to confirm and saves
 * again with `confirmCapacityWarning`. Answers the saved team, or null (refused, cancelled).
 * `refusal` holds the last CAPACITY_EXCEEDED text, for an inline alert.
 */
export function useSaveItinerary() {
  const intl = useIntl();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saveItinerary, { isLoading: saving }] = useSaveItineraryMutation();

  const confirm = (warnings: CapacityWarning[]) =>
    new Promise<boolean>((resolve) => {
      Modal.confirm({
        title: intl.formatMessage({ id: 'team.capacity.confirmTitle' }),
        content: (
          <div data-testid="capacity-confirm">
            <p>{intl.formatMessage({ id: 'team.capacity.confirmText' })}</p>
            <ul style={{ paddingLeft: 18 }}>
              {warnings.map((w) => (
                <li key={`${w.spotId}-${w.date}`}>{warningText(intl, w)}</li>
              ))}
            </ul>
          </div>
        ),
        okText: intl.formatMessage({ id: 'team.capacity.confirmOk' }),
        cancelText: intl.formatMessage({ id: 'team.action.cancel' }),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const save = useCallback(
    async (team: Team, items: ItineraryItemInput[]): Promise<Team | null> => {
      setRefusal(null);
      let confirmCapacityWarning = false;
      for (;;) {
        try {
          const result = await saveItinerary({
            id: team.id,
            body: { items, confirmCapacityWarning, version: team.version },
          }).unwrap();
          return result.team;
        } catch (err) {
          const code = apiErrorCode(err);
          const envelope = apiErrorEnvelope(err);
          if (code === 'CAPACITY_CONFIRM_REQUIRED' && !confirmCapacityWarning) {
            const data = envelope?.data as { warnings?: CapacityWarning[] } | undefined;
            if (!(await confirm(data?.warnings ?? []))) return null;
            confirmCapacityWarning = true;
            continue;
          }
          if (code === 'CAPACITY_EXCEEDED') setRefusal(envelope?.msg ?? null);
          showApiError(err);
          return null;
        }
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- confirm reads intl only
    [intl, saveItinerary],
  );

  const refusalAlert = refusal ? (
    <Alert
      type="error"
      style={{ marginBottom: 12 }}
      title={intl.formatMessage({ id: 'team.capacity.exceeded' })}
      content={refusal}
      data-testid="capacity-exceeded"
      closable
      onClose={() => setRefusal(null)}
    />
  ) : null;

  return { save, saving, refusalAlert };
}
