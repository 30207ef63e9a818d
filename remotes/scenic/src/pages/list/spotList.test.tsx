// The spot list's table columns and cards: what each shows of a spot (status, load band and
// figure, region, hours, prices in yuan) and which actions a role gets.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createIntl, IntlProvider } from 'react-intl';
import { Table } from '@arco-design/web-react';
import type { ScenicSpot } from '@console/shared';
import zhCN from '../../locale/zh-CN';
import { SPOT } from '../../test/render';
import { yuan } from '../../hooks';
import { spotColumns } from './columns';
import { SpotCards } from './SpotCards';

afterEach(cleanup);

const intl = createIntl({ locale: 'zh-CN', messages: zhCN });
/** Over capacity: the bar is full, the figure says how far over. */
const CROWDED: ScenicSpot = {
  ...SPOT,
  id: 12,
  code: 'BJ-GUGONG',
  name: '故宫',
  province: '北京',
  city: '北京',
  status: 'full',
  priceAdult: 6000,
  load: {
    inPark: 14808,
    capacity: 12000,
    loadPercent: 123.4,
    band: 'extreme',
    warning: true,
    at: null,
  },
};

function table(canMaintain: boolean) {
  const handlers = { onDetail: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
  const columns = spotColumns({
    intl,
    categoryLabel: (v) => (v === 'natural' ? '自然风光' : v),
    canMaintain,
    ...handlers,
  });
  render(
    <IntlProvider locale="zh-CN" messages={zhCN}>
      <Table rowKey="id" columns={columns} data={[SPOT, CROWDED]} pagination={false} />
    </IntlProvider>,
  );
  return handlers;
}

const row = (name: string) => screen.getAllByText(name)[0].closest('tr') as HTMLElement;

describe('prices in yuan', () => {
  it('whole yuan without decimals, else two', () => {
    expect(yuan(6000)).toBe('60');
    expect(yuan(5050)).toBe('50.50');
    expect(yuan(5)).toBe('0.05');
    expect(yuan(0)).toBe('0');
  });
});

describe('the spot table', () => {
  it('shows each spot’s grade, category, region, hours, price, status and load', () => {
    table(true);
    const xihu = within(row('西湖'));
    expect(xihu.getByText('自然风光')).toBeTruthy();
    expect(xihu.getByText('浙江 · 杭州')).toBeTruthy();
    expect(xihu.getByText('06:30–21:45')).toBeTruthy();
    expect(xihu.getByText('50.50 元')).toBeTruthy();
    expect(xihu.getByText('25%')).toBeTruthy();
    expect(xihu.getByText(/3000\/12000/)).toBeTruthy();
    const gugong = within(row('故宫'));
    // A city that is its own province is named once.
    expect(gugong.getByText('北京')).toBeTruthy();
    expect(gugong.getByText('123.4%')).toBeTruthy();
    expect(gugong.getByText(/非常拥挤/)).toBeTruthy();
    expect(gugong.getByText('60 元')).toBeTruthy();
  });

  it('a maintainer gets detail, edit and delete; the name opens the detail', () => {
    const handlers = table(true);
    const xihu = within(row('西湖'));
    fireEvent.click(xihu.getByTestId('edit-HZ-XIHU'));
    expect(handlers.onEdit).toHaveBeenCalledWith(SPOT);
    fireEvent.click(xihu.getByText('西湖'));
    expect(handlers.onDetail).toHaveBeenCalledWith(SPOT);
    expect(xihu.getByText('删除')).toBeTruthy();
  });

  it('a reader gets the detail only', () => {
    table(false);
    const xihu = within(row('西湖'));
    expect(xihu.getByText('详情')).toBeTruthy();
    expect(xihu.queryByText('编辑')).toBeNull();
    expect(xihu.queryByText('删除')).toBeNull();
  });
});

describe('the spot cards', () => {
  it('show the status, the band, the load figure and the capacity; a click opens the spot', () => {
    const onOpen = vi.fn();
    render(
      <IntlProvider locale="zh-CN" messages={zhCN}>
        <SpotCards spots={[SPOT, CROWDED]} onOpen={onOpen} />
      </IntlProvider>,
    );
    const card = within(screen.getByTestId('spot-card-BJ-GUGONG'));
    expect(card.getByText('123.4%')).toBeTruthy();
    expect(card.getByText('非常拥挤')).toBeTruthy();
    expect(card.getByText(/瞬时承载 12000/)).toBeTruthy();
    expect(card.getByText(/BJ-GUGONG · /).textContent).toContain('北京');
    // The bar never runs past full, whatever the figure says.
    const bar = screen
      .getByTestId('spot-card-BJ-GUGONG')
      .querySelector('.arco-progress-line-inner') as HTMLElement;
    expect(bar.style.width).toBe('100%');
    fireEvent.click(screen.getByTestId('spot-card-HZ-XIHU'));
    expect(onOpen).toHaveBeenCalledWith(SPOT);
  });
});
