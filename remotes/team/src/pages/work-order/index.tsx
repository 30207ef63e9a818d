// A guide's work order (/team/detail/:id/work-order?guide=; issue 29 item 3): the team, dates,
// pickup, contacts, the day-by-day itinerary with each spot's address and opening hours, the other
// guides and the notes, in the user's language, laid out for A4. The browser prints it: a copy of
// the sheet sits directly under <body>, and the print stylesheet shows only that copy (the shell
// — menu, navbar, tabs — and this page's buttons are not printed).
import { createPortal } from 'react-dom';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button, Card, Result, Skeleton, Space } from '@arco-design/web-react';
import { IconPrinter } from '@arco-design/web-react/icon';
import { useIntl } from 'react-intl';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { WorkOrder } from '@console/shared';
import { isNotFoundError, parseRecordId } from '@console/shared/api';
import { operationDateTime } from '@console/shared/i18n';
import { useTeamDictionaries, useTeamLabel } from '../../hooks';
import { useWorkOrderQuery } from '../templates/api';

const PRINT_CLASS = 'team-work-order-print';

/** A4 portrait, the sheet alone; on screen the printable copy stays hidden. */
const PRINT_CSS = `
.${PRINT_CLASS} { display: none; }
@media print {
  @page { size: A4 portrait; margin: 12mm; }
  html, body { background: #fff !important; height: auto !important; overflow: visible !important; }
  body > *:not(.${PRINT_CLASS}) { display: none !important; }
  .${PRINT_CLASS} { display: block; color: #000; }
  .${PRINT_CLASS} .wo-day { break-inside: avoid; }
  .${PRINT_CLASS} table { page-break-inside: auto; }
  .${PRINT_CLASS} tr { break-inside: avoid; }
}
.wo-sheet { font-size: 13px; line-height: 1.5; color: var(--color-text-1); max-width: 186mm; }
.wo-sheet h1 { font-size: 20px; margin: 0 0 4px; }
.wo-sheet h2 { font-size: 15px; margin: 16px 0 6px; border-bottom: 2px solid currentColor; padding-bottom: 2px; }
.wo-sheet h3 { font-size: 14px; margin: 10px 0 4px; }
.wo-sheet table { width: 100%; border-collapse: collapse; }
.wo-sheet th, .wo-sheet td { border: 1px solid var(--color-border-3, #999); padding: 4px 6px; text-align: left; vertical-align: top; }
.wo-sheet th { background: var(--color-fill-2, #f2f3f5); font-weight: 600; white-space: nowrap; }
.${PRINT_CLASS} .wo-sheet, .${PRINT_CLASS} .wo-sheet th { color: #000; background: #fff; }
.${PRINT_CLASS} .wo-sheet th, .${PRINT_CLASS} .wo-sheet td { border-color: #000; }
`;

function Sheet({ order }: { order: WorkOrder }) {
  const intl = useIntl();
  const label = useTeamLabel();
  const dict = useTeamDictionaries();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const f = (id: string) => t(`team.field.${id}`);
  const { team, guide } = order;
  const dash = (v: string) => v || '—';
  const contact = (name: string, phone: string) => (name ? `${name} ${phone}`.trim() : '—');
  const rows: [string, string][] = [
    [f('code'), team.code],
    [f('name'), team.name],
    [f('period'), `${team.startDate} ~ ${team.endDate}`],
    [
      f('pax'),
      `${team.pax}（${f('paxAdults')} ${team.paxAdults} · ${f('paxChildren')} ${team.paxChildren} · ${f('paxSeniors')} ${team.paxSeniors}）`,
    ],
    [f('language'), dict.languageLabel(team.language)],
    [f('vip'), t(team.vip ? 'team.common.yes' : 'team.common.no')],
    [f('agency'), dict.agencyLabel(team.agency)],
    [f('pickupPoint'), dash(team.pickupPoint)],
    [f('pickupTime'), dash(team.pickupTime)],
    [f('leadContact'), contact(team.leadContactName, team.leadContactPhone)],
    [f('escort'), contact(team.escortName, team.escortPhone)],
  ];
  return (
    <div className="wo-sheet" data-testid="work-order-sheet">
      <h1>{t('team.workOrder.title')}</h1>
      <div>
        {team.code} · {team.name} · {label('status', team.status)}
      </div>

      <h2>{t('team.workOrder.guide')}</h2>
      <table>
        <tbody>
          <tr>
            <th>{t('team.workOrder.guide')}</th>
            <td data-testid="work-order-guide">
              {guide.name}（{guide.code}）
            </td>
            <th>{t('team.workOrder.role')}</th>
            <td>{label('role', guide.role)}</td>
          </tr>
          <tr>
            <th>{t('team.workOrder.phone')}</th>
            <td>{guide.phone}</td>
            <th>{t('team.workOrder.covered')}</th>
            <td>
              {guide.from} ~ {guide.to}
            </td>
          </tr>
        </tbody>
      </table>

      <h2>{t('team.workOrder.team')}</h2>
      <table data-testid="work-order-team">
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <th style={{ width: '22%' }}>{k}</th>
              <td>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>{t('team.workOrder.otherGuides')}</h2>
      {order.otherGuides.length === 0 ? (
        <div>{t('team.workOrder.noOtherGuides')}</div>
      ) : (
        <table data-testid="work-order-others">
          <thead>
            <tr>
              <th>{t('team.workOrder.guide')}</th>
              <th>{t('team.workOrder.role')}</th>
              <th>{t('team.workOrder.phone')}</th>
              <th>{t('team.workOrder.covered')}</th>
            </tr>
          </thead>
          <tbody>
            {order.otherGuides.map((g) => (
              <tr key={g.id}>
                <td>
                  {g.name}（{g.code}）
                </td>
                <td>{label('role', g.role)}</td>
                <td>{g.phone}</td>
                <td>
                  {g.from} ~ {g.to}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>{t('team.workOrder.itinerary')}</h2>
      {order.days.map((day, i) => (
        <div className="wo-day" key={day.date} data-testid={`work-order-day-${day.date}`}>
          <h3>{t('team.workOrder.day', { n: i + 1, date: day.date })}</h3>
          {day.items.length === 0 ? (
            <div>{t('team.workOrder.nothingPlanned')}</div>
          ) : (
            <table>
              <thead>
                <tr>
                  <th style={{ width: '14%' }}>{t('team.workOrder.time')}</th>
                  <th style={{ width: '22%' }}>{t('team.workOrder.spot')}</th>
                  <th>{t('team.workOrder.address')}</th>
                  <th style={{ width: '14%' }}>{t('team.workOrder.hours')}</th>
                  <th style={{ width: '18%' }}>{t('team.workOrder.notes')}</th>
                </tr>
              </thead>
              <tbody>
                {day.items.map((item) => (
                  <tr key={item.seq}>
                    <td>
                      {item.plannedStart}–{item.plannedEnd}
                    </td>
                    <td>{item.spot.name}</td>
                    <td>
                      {[item.spot.province, item.spot.city, item.spot.address]
                        .filter(Boolean)
                        .join(' ')}
                    </td>
                    <td>
                      {item.spot.openTime}–{item.spot.closeTime}
                    </td>
                    <td>{dash(item.notes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      ))}

      <h2>{f('notes')}</h2>
      <div style={{ whiteSpace: 'pre-wrap' }}>{dash(team.notes)}</div>

      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 28 }}>
        <span>{t('team.workOrder.printedAt', { at: operationDateTime(order.printedAt) })}</span>
        <span>{t('team.workOrder.signature')}：______________</span>
      </div>
    </div>
  );
}

export default function WorkOrderPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const teamId = parseRecordId(id);
  const guideId = parseRecordId(search.get('guide') ?? undefined);
  const intl = useIntl();
  const navigate = useNavigate();
  const t = (key: string) => intl.formatMessage({ id: key });
  const query = useWorkOrderQuery(
    teamId !== null && guideId !== null ? { teamId, guideId } : skipToken,
  );
  const missing = teamId === null || guideId === null || isNotFoundError(query.error);

  if (missing || query.isError)
    return (
      <Card>
        <Result
          status={missing ? '404' : 'error'}
          subTitle={t(missing ? 'team.workOrder.notFound' : 'team.message.loadFailed')}
          data-testid="work-order-missing"
          extra={
            <Button onClick={() => navigate(teamId ? `/team/detail/${teamId}` : '/team/waiting')}>
              {t('team.workOrder.back')}
            </Button>
          }
        />
      </Card>
    );
  if (!query.data)
    return (
      <Card>
        <Skeleton animation text={{ rows: 10 }} />
      </Card>
    );

  return (
    <Card data-testid="work-order-page">
      <style>{PRINT_CSS}</style>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<IconPrinter />} onClick={() => window.print()}>
          {t('team.workOrder.print')}
        </Button>
        <Button onClick={() => navigate(`/team/detail/${teamId}`)}>
          {t('team.workOrder.back')}
        </Button>
      </Space>
      <Sheet order={query.data} />
      {createPortal(
        <div className={PRINT_CLASS} data-testid="work-order-print">
          <Sheet order={query.data} />
        </div>,
        document.body,
      )}
    </Card>
  );
}
