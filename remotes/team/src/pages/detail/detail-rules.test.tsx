// The team detail offers only what the server allows (issue 25 defects 5 and 15): the guide
// buttons follow TEAM_ASSIGNABLE_STATUSES / TEAM_REPLACEABLE_STATUSES in every state, and the
// start / complete buttons are disabled before the team's first / last local day, with the
// calendar rule's reason in the page's language (jsdom).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import {
  localDateTime,
  TEAM_ASSIGNABLE_STATUSES,
  TEAM_REPLACEABLE_STATUSES,
  TEAM_STATUSES,
  type Team,
  type TeamStatus,
} from '@console/shared';
import { createStore } from '@console/shared/store';
import zhCN from '../../locale/zh-CN';
import enUS from '../../locale/en-US';
import { Assignments } from './Assignments';
import { Moves } from './Moves';

afterEach(cleanup);

function teamIn(status: TeamStatus): Team {
  return {
    id: 7,
    code: 'T20270301001',
    name: '测试团',
    agency: 'cits',
    agencyRef: '',
    market: 'domestic',
    pax: 20,
    paxAdults: 20,
    paxChildren: 0,
    paxSeniors: 0,
    language: 'zh',
    vip: false,
    startDate: '2027-03-01',
    endDate: '2027-03-03',
    status,
    guides: [{ id: 3, name: '王导', role: 'local_guide' }],
    updatedAt: '2027-02-01T00:00:00.000Z',
    version: 4,
    leadContactName: '李四',
    leadContactPhone: '13812345678',
    escortName: '',
    escortPhone: '',
    pickupPoint: '',
    pickupTime: '',
    notes: '',
    statusReason: '',
    itinerary: [],
    assignments: [
      {
        id: 11,
        guideId: 3,
        guideName: '王导',
        guideCode: 'G000003',
        role: 'local_guide',
        from: '2027-03-01',
        to: '2027-03-03',
        status: 'active',
        score: null,
        assignedBy: '李调度',
        assignedAt: '2027-02-01T00:00:00.000Z',
        endedBy: null,
        endedAt: null,
        endReason: '',
        version: 1,
      },
    ],
    feedback: [],
    history: [],
    createdAt: '2027-01-01T00:00:00.000Z',
    createdBy: null,
    updatedBy: null,
  };
}

// The guide buttons' writes are the store's mutations.
const zh = (ui: React.ReactNode) =>
  render(
    <Provider store={createStore()}>
      <IntlProvider locale="zh-CN" messages={zhCN}>
        <MemoryRouter>{ui}</MemoryRouter>
      </IntlProvider>
    </Provider>,
  );

describe('the guide buttons follow the contract in every state', () => {
  for (const status of TEAM_STATUSES)
    it(`${status}: Add and Remove only if assignable, Replace only if replaceable`, () => {
      zh(<Assignments team={teamIn(status)} canAllocate />);
      const assignable = TEAM_ASSIGNABLE_STATUSES.includes(status);
      const replaceable = TEAM_REPLACEABLE_STATUSES.includes(status);
      expect(screen.queryByTestId('assign-add') !== null, 'add').toBe(assignable);
      expect(screen.queryByTestId('remove-G000003') !== null, 'remove').toBe(assignable);
      expect(screen.queryByTestId('replace-G000003') !== null, 'replace').toBe(replaceable);
    });

  it('none without team:allocate', () => {
    zh(<Assignments team={teamIn('pending')} canAllocate={false} />);
    expect(screen.queryByTestId('assign-add')).toBeNull();
    expect(screen.queryByTestId('replace-G000003')).toBeNull();
  });
});

describe('start and complete wait for the team’s days (operation’s local date)', () => {
  const button = (to: string) => screen.getByTestId(`move-${to}`) as HTMLButtonElement;

  it('start: disabled the evening before the first day, with the reason; enabled on it', () => {
    const view = zh(
      <Moves
        team={teamIn('allocated')}
        canWrite
        now={localDateTime('2027-02-28', '23:59')}
        onMove={() => {}}
      />,
    );
    expect(button('ongoing').disabled).toBe(true);
    const reason = screen.getByTestId('move-ongoing-reason');
    expect(reason.dataset.rule).toBe('TEAM_STARTS_LATER');
    expect(reason.textContent).toBe('团队 2027-03-01 才开始，今天（2027-02-28）还不能开始');
    // Cancelling keeps no calendar.
    expect(button('cancelled').disabled).toBe(false);
    view.unmount();
    // 00:05 local on the first day (still the day before in UTC).
    zh(
      <Moves
        team={teamIn('allocated')}
        canWrite
        now={localDateTime('2027-03-01', '00:05')}
        onMove={() => {}}
      />,
    );
    expect(button('ongoing').disabled).toBe(false);
    expect(screen.queryByTestId('move-ongoing-reason')).toBeNull();
  });

  it('complete: disabled before the last day, in English too; enabled on it', () => {
    const view = render(
      <IntlProvider locale="en-US" messages={enUS}>
        <Moves
          team={teamIn('ongoing')}
          canWrite
          now={localDateTime('2027-03-02', '12:00')}
          onMove={() => {}}
        />
      </IntlProvider>,
    );
    expect(button('completed').disabled).toBe(true);
    expect(screen.getByTestId('move-completed-reason').textContent).toBe(
      'The team ends on 2027-03-03; it cannot be completed today (2027-03-02)',
    );
    view.unmount();
    zh(
      <Moves
        team={teamIn('ongoing')}
        canWrite
        now={localDateTime('2027-03-03', '08:00')}
        onMove={() => {}}
      />,
    );
    expect(button('completed').disabled).toBe(false);
  });
});

describe('a pending team’s next step is a guide (issue 26 item 6)', () => {
  const primaries = () =>
    Array.from(document.querySelectorAll('.arco-btn-primary')).map((b) =>
      b.getAttribute('data-testid'),
    );

  it('"add a guide" is the only primary button; back to draft and cancel are secondary', () => {
    let asked = 0;
    zh(<Moves team={teamIn('pending')} canWrite onMove={() => {}} onAssign={() => (asked += 1)} />);
    expect(primaries()).toEqual(['detail-assign']);
    expect(screen.getByTestId('detail-assign').textContent).toBe('添加导游');
    expect(screen.getByTestId('move-draft').className).not.toContain('arco-btn-primary');
    expect(screen.getByTestId('move-cancelled').className).not.toContain('arco-btn-primary');
    fireEvent.click(screen.getByTestId('detail-assign'));
    expect(asked).toBe(1);
  });

  it('offered only on a pending team, and only to whom may allocate', () => {
    const view = zh(
      <Moves team={teamIn('allocated')} canWrite onMove={() => {}} onAssign={() => {}} />,
    );
    expect(screen.queryByTestId('detail-assign')).toBeNull();
    expect(primaries()).toEqual(['move-ongoing']);
    view.unmount();
    zh(<Moves team={teamIn('pending')} canWrite onMove={() => {}} />);
    expect(screen.queryByTestId('detail-assign')).toBeNull();
  });
});
