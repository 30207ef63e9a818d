// The dispatch board's grid with 500 guides × 31 days: only the rows in view are in the page,
// scrolling brings others in, a team's bar says its name and pax and shows its status by icon
// and pattern as well as colour, a picked team greys the guides who cannot take it, a dropped team asks to
// assign it to the row's guide, and a team bar opens the team.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import type { BoardGuide, WaitingTeam } from '@console/shared';
import zhCN from '../../locale/zh-CN';
import { BoardGrid, OVERSCAN, ROW_H, TEAM_MIME, VIEWPORT_H } from './BoardGrid';
import { daysOf } from './timeline';

const days = daysOf('2026-03-01', '2026-03-31');

const guides: BoardGuide[] = Array.from({ length: 500 }, (_, i) => ({
  guideId: i + 1,
  code: `G${String(i + 1).padStart(4, '0')}`,
  name: `导游${i + 1}`,
  level: 'senior',
  status: 'active',
  workloadDays: i % 7,
  bars:
    i === 0
      ? [
          {
            kind: 'team',
            id: 77,
            label: 'T20260301001',
            from: '2026-03-02',
            to: '2026-03-04',
            name: '西湖三日游',
            pax: 32,
            status: 'completed',
          },
          {
            kind: 'team',
            id: 78,
            label: 'T20260301002',
            from: '2026-03-05',
            to: '2026-03-06',
            name: '灵隐两日游',
            pax: 18,
            status: 'ongoing',
          },
          {
            kind: 'team',
            id: 79,
            label: 'T20260301003',
            from: '2026-03-07',
            to: '2026-03-08',
            name: '千岛湖',
            pax: 25,
            status: 'allocated',
          },
          {
            kind: 'leave',
            id: 5,
            label: 'leave',
            from: '2026-03-25',
            to: '2026-04-05',
            name: '',
            pax: 0,
            status: null,
          },
        ]
      : [],
}));

const team: WaitingTeam = {
  id: 9,
  code: 'T20260305009',
  name: '测试团',
  status: 'pending',
  startDate: '2026-03-05',
  endDate: '2026-03-06',
  startsAt: '2026-03-04T16:00:00.000Z',
  startsInHours: 30,
  urgent: true,
  pax: 12,
  language: 'zh',
  vip: false,
  spots: [],
  version: 1,
};

function renderGrid(overrides: Partial<Parameters<typeof BoardGrid>[0]> = {}) {
  const handlers = {
    onDropTarget: vi.fn(),
    onAssign: vi.fn(),
    onOpenTeam: vi.fn(),
    onEscape: vi.fn(),
  };
  const view = render(
    <IntlProvider locale="zh-CN" messages={zhCN}>
      <BoardGrid
        guides={guides}
        total={guides.length}
        days={days}
        today="2026-03-01"
        loading={false}
        canAllocate
        picked={null}
        eligible={null}
        dropTarget={null}
        {...handlers}
        {...overrides}
      />
    </IntlProvider>,
  );
  return { ...view, ...handlers };
}

afterEach(cleanup);

const renderedRows = () => document.querySelectorAll('[data-testid^="board-row-"]');
const renderedCodes = () =>
  [...renderedRows()].map((r) => r.getAttribute('data-testid')!.slice(10));
const code = (n: number) => `G${String(n).padStart(4, '0')}`;
/** The header row's height: the first guide row starts below it. */
const HEADER_H = 40;

async function scrollTo(grid: HTMLElement, top: number) {
  await act(async () => {
    grid.scrollTop = top;
    fireEvent.scroll(grid);
    await new Promise((r) => setTimeout(r, 0));
  });
}

describe('the dispatch board grid', () => {
  it('renders only the rows in view of 500 guides, and others once scrolled', async () => {
    renderGrid();
    const inView = Math.ceil(VIEWPORT_H / ROW_H);
    expect(renderedRows().length).toBeGreaterThanOrEqual(inView);
    expect(renderedRows().length).toBeLessThan(inView + 20);
    expect(screen.queryByTestId('board-row-G0001')).not.toBeNull();
    expect(screen.queryByTestId('board-row-G0300')).toBeNull();

    const grid = screen.getByRole('grid');
    await act(async () => {
      grid.scrollTop = 300 * ROW_H;
      fireEvent.scroll(grid);
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.queryByTestId('board-row-G0300')).not.toBeNull();
    expect(screen.queryByTestId('board-row-G0001')).toBeNull();
    expect(renderedRows().length).toBeLessThan(inView + 20);
  });

  it('renders only the visible rows and OVERSCAN either side, each row mounted once', async () => {
    renderGrid();
    const rowsInView = Math.ceil(VIEWPORT_H / ROW_H);
    // At the top: the rows in view (the last one partly) and OVERSCAN below them.
    expect(renderedCodes()).toEqual(
      Array.from({ length: rowsInView + 1 + OVERSCAN }, (_, i) => code(i + 1)),
    );
    const grid = screen.getByRole('grid');
    expect(grid.getAttribute('aria-rowcount')).toBe('501');

    // Scrolled to the 201st guide: rows 195–220 only, each at its own place and row index.
    await scrollTo(grid, HEADER_H + 200 * ROW_H);
    const codes = renderedCodes();
    expect(codes[0]).toBe(code(201 - OVERSCAN));
    expect(codes.at(-1)).toBe(code(201 + rowsInView + OVERSCAN));
    expect(codes).toHaveLength(rowsInView + 1 + 2 * OVERSCAN);
    const row = screen.getByTestId(`board-row-${code(201)}`);
    expect(row.style.top).toBe(`${HEADER_H + 200 * ROW_H}px`);
    expect(row.getAttribute('aria-rowindex')).toBe('202');

    // A row's scroll later: one row leaves, one comes; the rows staying are not touched.
    const changes: MutationRecord[] = [];
    const watcher = new MutationObserver((records) => changes.push(...records));
    watcher.observe(row, { subtree: true, childList: true, attributes: true, characterData: true });
    await scrollTo(grid, HEADER_H + 201 * ROW_H);
    watcher.disconnect();
    expect(screen.getByTestId(`board-row-${code(201)}`)).toBe(row);
    expect(changes).toEqual([]);
    expect(renderedCodes()[0]).toBe(code(202 - OVERSCAN));
    expect(renderedRows()).toHaveLength(rowsInView + 1 + 2 * OVERSCAN);
    // Less than a row: the window stays as it is.
    const before = renderedCodes();
    await scrollTo(grid, HEADER_H + 201 * ROW_H + 10);
    expect(renderedCodes()).toEqual(before);
  });

  it('shows the rows of a shorter list that arrives while scrolled far down', async () => {
    const view = renderGrid();
    await scrollTo(screen.getByRole('grid'), HEADER_H + 400 * ROW_H);
    view.rerender(
      <IntlProvider locale="zh-CN" messages={zhCN}>
        <BoardGrid
          guides={guides.slice(0, 5)}
          total={5}
          days={days}
          today="2026-03-01"
          loading={false}
          canAllocate
          picked={null}
          eligible={null}
          dropTarget={null}
          onDropTarget={vi.fn()}
          onAssign={vi.fn()}
          onOpenTeam={vi.fn()}
          onEscape={vi.fn()}
        />
      </IntlProvider>,
    );
    expect(renderedCodes()).toEqual([1, 2, 3, 4, 5].map(code));
  });

  it('draws assignments and leave as bars clipped to the 31 days; a team bar opens the team', () => {
    const { onOpenTeam } = renderGrid();
    const bar = screen.getByTestId('bar-T20260301001');
    expect(bar.style.left).toBe(`${1 * 60 + 2}px`);
    expect(bar.style.width).toBe(`${3 * 60 - 4}px`);
    // Leave from 03-25 to 04-05 shows over the month's last seven days, labelled by type.
    const leave = screen.getByTestId('leave-G0001');
    expect(leave.style.left).toBe(`${24 * 60 + 2}px`);
    expect(leave.style.width).toBe(`${7 * 60 - 4}px`);
    expect(leave.textContent).toBe('请假');
    fireEvent.click(bar);
    expect(onOpenTeam).toHaveBeenCalledWith(77);
  });

  it("says each team's name and pax, and tells its status apart without colour", () => {
    renderGrid();
    const bars = ['T20260301001', 'T20260301002', 'T20260301003'].map((c) =>
      screen.getByTestId(`bar-${c}`),
    );
    expect(bars.map((b) => b.textContent)).toEqual([
      '西湖三日游 · 32 人',
      '灵隐两日游 · 18 人',
      '千岛湖 · 25 人',
    ]);
    expect(bars.map((b) => b.dataset.status)).toEqual(['completed', 'ongoing', 'allocated']);
    // Each look has its own icon and fill, and the status in words in its accessible name.
    const icons = bars.map((b) => b.querySelector('svg')?.getAttribute('class'));
    expect(new Set(icons).size).toBe(3);
    expect(bars[0].style.background).toContain('repeating-linear-gradient');
    expect(bars[1].style.borderLeft).toContain('5px solid');
    expect(bars.map((b) => b.getAttribute('aria-label'))).toEqual([
      'T20260301001 西湖三日游 · 32 人 · 已完成 · 2026-03-02 ~ 2026-03-04',
      'T20260301002 灵隐两日游 · 18 人 · 进行中 · 2026-03-05 ~ 2026-03-06',
      'T20260301003 千岛湖 · 25 人 · 已分配 · 2026-03-07 ~ 2026-03-08',
    ]);
  });

  it('greys the guides who cannot take the picked team', () => {
    renderGrid({ picked: team, eligible: new Set([2]) });
    expect(screen.getByTestId('board-row-G0001').dataset.greyed).toBe('true');
    expect(screen.getByTestId('board-row-G0002').dataset.greyed).toBe('false');
  });

  it('asks to assign a team dropped on a row, or the picked one on Enter', () => {
    const { onAssign } = renderGrid({ picked: team, eligible: new Set([2]) });
    const row = screen.getByTestId('board-row-G0002');
    fireEvent.drop(row, {
      dataTransfer: { getData: (type: string) => (type === TEAM_MIME ? '9' : '') },
    });
    expect(onAssign).toHaveBeenLastCalledWith(guides[1], 9);
    fireEvent.keyDown(screen.getByTestId('board-row-G0003'), { key: 'Enter' });
    expect(onAssign).toHaveBeenLastCalledWith(guides[2], 9);
    fireEvent.click(screen.getByTestId('board-row-G0004'));
    expect(onAssign).toHaveBeenLastCalledWith(guides[3], 9);
  });

  it('opens a team from its bar, and does not also assign the picked team to that row', () => {
    const { onAssign, onOpenTeam } = renderGrid({ picked: team, eligible: new Set([1, 2]) });
    const bar = screen.getByTestId('bar-T20260301001');
    fireEvent.click(bar);
    expect(onOpenTeam).toHaveBeenCalledTimes(1);
    // A button's Enter is its click (the browser's); the row's Enter must not assign too.
    fireEvent.keyDown(bar, { key: 'Enter' });
    expect(onAssign).not.toHaveBeenCalled();
    // The row around the bars still takes the picked team.
    fireEvent.click(screen.getByTestId('board-row-G0001'));
    expect(onAssign).toHaveBeenLastCalledWith(guides[0], 9);
  });

  it('handles drags on the grid for every row: over a bar it is that bar’s row', () => {
    const { onAssign, onDropTarget, onEscape } = renderGrid({ dropTarget: null });
    // Over the leave bar of the first guide: that guide is the drop target.
    const leave = screen.getByTestId('leave-G0001');
    fireEvent.dragOver(leave);
    expect(onDropTarget).toHaveBeenLastCalledWith(1);
    fireEvent.drop(leave, {
      dataTransfer: { getData: (type: string) => (type === TEAM_MIME ? '9' : '') },
    });
    expect(onDropTarget).toHaveBeenLastCalledWith(null);
    expect(onAssign).toHaveBeenLastCalledWith(guides[0], 9);
    // Escape on a row drops the pick.
    fireEvent.keyDown(screen.getByTestId('board-row-G0005'), { key: 'Escape' });
    expect(onEscape).toHaveBeenCalled();
  });

  it('clears the drop target when a drag leaves the row, not when it moves inside it', () => {
    const { onDropTarget } = renderGrid({ dropTarget: 1 });
    const row = screen.getByTestId('board-row-G0001');
    const bar = screen.getByTestId('bar-T20260301001');
    // jsdom has no DragEvent: a mouse event of the type, with the element the drag went to.
    const leave = (to: Element) =>
      fireEvent(row, new MouseEvent('dragleave', { bubbles: true, relatedTarget: to }));
    leave(bar);
    expect(onDropTarget).not.toHaveBeenCalled();
    leave(screen.getByTestId('board-row-G0002'));
    expect(onDropTarget).toHaveBeenLastCalledWith(null);
  });

  it('offers no drop or Enter without the permission to allocate', () => {
    const { onAssign } = renderGrid({ canAllocate: false, picked: team });
    const row = screen.getByTestId('board-row-G0002');
    expect(row.tabIndex).toBe(-1);
    fireEvent.click(row);
    fireEvent.keyDown(row, { key: 'Enter' });
    fireEvent.drop(row, { dataTransfer: { getData: () => '9' } });
    expect(onAssign).not.toHaveBeenCalled();
  });
});
