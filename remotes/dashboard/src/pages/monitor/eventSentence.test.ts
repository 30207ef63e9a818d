// The event stream's sentences, in both languages, and which tab shows which event.
import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import zhCN from '../../locale/monitor/zh-CN';
import enUS from '../../locale/monitor/en-US';
import { eventSentence } from './eventSentence';
import { inTab, type FeedEntry } from './useEventFeed';

const zh = createIntl({ locale: 'zh-CN', messages: zhCN });
const en = createIntl({ locale: 'en-US', messages: enUS });
const spot = (id: number) => (id === 3 ? '故宫博物院' : `#${id}`);
const entry = (event: FeedEntry['event'], extra: Partial<FeedEntry> = {}): FeedEntry => ({
  key: 1,
  at: 0,
  event,
  ...extra,
});

describe('event sentences', () => {
  it('name the team and its new status', () => {
    const e = entry(
      { type: 'team.status.changed', teamId: 9 },
      { team: { code: 'T2026001', name: '华东五日游', status: 'cancelled' } },
    );
    expect(eventSentence(e, zh, spot)).toBe('团队 T2026001 华东五日游 状态变更为「已取消」');
    expect(eventSentence(e, en, spot)).toBe('Team T2026001 华东五日游 is now “Cancelled”');
    // Before the team's details arrive, by its id.
    expect(eventSentence(entry({ type: 'team.status.changed', teamId: 9 }), en, spot)).toBe(
      'Team #9 changed status',
    );
  });

  it('name the spot, its load and the line it crossed', () => {
    const load = entry(
      { type: 'scenic.load.changed', spotId: 3 },
      { load: { inPark: 120, percent: 85.5 } },
    );
    expect(eventSentence(load, zh, spot)).toBe('故宫博物院 在园 120 人，负载 85.5%');
    const up = entry({ type: 'scenic.load.crossed', spotId: 3, line: 'full', direction: 'up' });
    expect(eventSentence(up, en, spot)).toBe('故宫博物院 is full (100% load)');
    const down = entry({
      type: 'scenic.load.crossed',
      spotId: 3,
      line: 'warning',
      direction: 'down',
    });
    expect(eventSentence(down, zh, spot)).toBe('故宫博物院 负载回落到预警线以下');
  });

  it('sorts events into the tabs: alerts are scenic events too', () => {
    const team = entry({ type: 'team.assignment.made', teamId: 1, guideId: 2 });
    const load = entry({ type: 'scenic.load.changed', spotId: 3 });
    const alert = entry({ type: 'scenic.maintenance.started', spotId: 3, windowId: 4 });
    expect([team, load, alert].map((e) => inTab(e, 'teams'))).toEqual([true, false, false]);
    expect([team, load, alert].map((e) => inTab(e, 'scenic'))).toEqual([false, true, true]);
    expect([team, load, alert].map((e) => inTab(e, 'alerts'))).toEqual([false, false, true]);
    expect([team, load, alert].every((e) => inTab(e, 'all'))).toBe(true);
  });
});
