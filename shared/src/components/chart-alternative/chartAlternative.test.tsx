import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { ChartAlternative, ChartImage, ChartWithAlternative, useChartTableTexts } from '.';

afterEach(cleanup);

const table = {
  columns: ['Market', 'Teams', 'Share'],
  rows: [
    ['Domestic', 30, '60%'],
    ['Inbound', 20, '40%'],
  ],
};

describe('a chart’s text alternative', () => {
  it('is a table captioned with the chart’s title, one row a point headed by its name', () => {
    render(<ChartAlternative label="Market share" table={table} testId="chart-share" />);
    const alternative = screen.getByRole('table', { name: 'Market share' });
    expect(alternative.dataset.testid).toBe('chart-share-table');
    expect(
      within(alternative)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Market', 'Teams', 'Share']);
    expect(
      within(alternative)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Domestic', 'Inbound']);
    const [, first] = within(alternative).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['30', '60%']);
  });

  it('is visually hidden, not removed: a screen reader still reads it', () => {
    render(<ChartAlternative label="Market share" table={table} />);
    const alternative = screen.getByRole('table', { name: 'Market share' });
    expect(alternative.parentElement!.className).toBe('console-visually-hidden');
    expect(alternative.dataset.testid).toBeUndefined();
  });

  it('each chart’s caption has its own id', () => {
    render(
      <>
        <ChartAlternative label="Today" table={table} />
        <ChartAlternative label="Month" table={table} />
      </>,
    );
    expect(screen.getByRole('table', { name: 'Today' })).not.toBe(
      screen.getByRole('table', { name: 'Month' }),
    );
  });

  it('follows the chart, an image named by the same title, drawn into by ref', () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <ChartWithAlternative label="Market share" table={table} testId="chart-share">
        <ChartImage ref={ref} label="Market share" height={280} testId="chart-share" />
      </ChartWithAlternative>,
    );
    const image = screen.getByRole('img', { name: 'Market share' });
    expect(ref.current).toBe(image);
    expect(image.dataset.testid).toBe('chart-share');
    expect(image.style.height).toBe('280px');
    const alternative = screen.getByTestId('chart-share-table');
    // The image, then its table, in one box.
    expect(image.parentElement).toBe(alternative.parentElement!.parentElement);
    expect(image.nextElementSibling).toBe(alternative.parentElement);
  });
});

describe('the shared column names', () => {
  function Columns() {
    const texts = useChartTableTexts();
    return <span data-testid="columns">{`${texts.time}|${texts.date}`}</span>;
  }

  it.each([
    ['zh-CN', '时间|日期'],
    ['en-US', 'Time|Date'],
  ])('are in the page’s language (%s)', (locale, expected) => {
    render(
      <IntlProvider locale={locale} messages={{}}>
        <Columns />
      </IntlProvider>,
    );
    expect(screen.getByTestId('columns').textContent).toBe(expected);
  });
});
