// A batch plan shows its progress, not a spinner (issue 26 item 16): while POST
// /allocation/plans runs, the plan drawer polls GET /allocation/plans/progress and shows a named
// bar with the phase and the time left (中文 and English), never 100 % before the plan answers;
// the preview replaces the bar when it does, and the polling stops. The real drawer, store and
// mutation in jsdom; only the server (the HTTP client's adapter) is replaced.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { PlanDetail, PlanProgress } from '@console/shared';
import { http } from '@console/shared/api';
import { createStore } from '@console/shared/store';
import enUS from '../../locale/en-US';
import zhCN from '../../locale/zh-CN';
import { PlanDrawer } from './PlanDrawer';

const FROM = '2027-03-01';
const TO = '2027-03-07';
const SOLVING: PlanProgress = {
  phase: 'solving',
  startedAt: '2027-02-20T02:00:00.000Z',
  elapsedMs: 2800,
  secondsLeft: 4.2,
  percent: 40,
};
/** Checking with the budget spent: a server rounding up must not show the plan as done. */
const CHECKING_LATE: PlanProgress = {
  phase: 'checking',
  startedAt: '2027-02-20T02:00:00.000Z',
  elapsedMs: 7400,
  secondsLeft: 0,
  percent: 100,
};
const PLAN: PlanDetail = {
  id: 41,
  status: 'draft',
  from: FROM,
  to: TO,
  createdAt: '2027-02-20T02:00:07.000Z',
  createdBy: 'operator',
  teamsConsidered: 1,
  teamsCovered: 1,
  totalScore: 80,
  objective: 1080,
  objectiveBound: 1080,
  quality: 1,
  coverBound: 1,
  solveMs: 7000,
  method: 'mip',
  items: [
    {
      teamId: 7,
      teamCode: 'T20270301007',
      teamName: '进度团',
      startDate: FROM,
      endDate: '2027-03-03',
      pax: 10,
      language: 'zh',
      vip: false,
      guide: { guideId: 3, code: 'G000003', name: '张导', level: 'senior', score: 80 },
      breakdown: [],
      alternatives: [],
      uncovered: null,
    },
  ],
};

/** The server: the plan answers when the test says; the progress is what the test set. */
let progress: PlanProgress | null;
let progressCalls: number;
let inFlight: number;
let mostInFlight: number;
/** How long the progress route takes to answer (ms): a server busy solving is slow. */
let progressDelay: number;
let finishPlan: () => void;
const original = http.defaults.adapter;
beforeEach(() => {
  progress = null;
  progressCalls = 0;
  inFlight = 0;
  mostInFlight = 0;
  progressDelay = 0;
  finishPlan = () => {};
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    const answer = (data: unknown) => ({
      data: { code: 20000, msg: 'ok', data },
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
    });
    const url = config.url!;
    if (config.method === 'get' && url === '/allocation/plans/progress') {
      progressCalls++;
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      const now = progress;
      await new Promise((resolve) => setTimeout(resolve, progressDelay));
      inFlight--;
      return answer(now);
    }
    if (config.method === 'post' && url === '/allocation/plans') {
      await new Promise<void>((resolve) => (finishPlan = resolve));
      return answer(PLAN);
    }
    throw new Error(`unexpected ${config.method} ${url}`);
  }) as AxiosAdapter;
});
afterEach(() => {
  cleanup();
  http.defaults.adapter = original;
});

function renderDrawer(locale: 'zh-CN' | 'en-US') {
  render(
    <Provider store={createStore()}>
      <IntlProvider locale={locale} messages={locale === 'zh-CN' ? zhCN : enUS}>
        <PlanDrawer
          from={FROM}
          to={TO}
          visible
          canAllocate
          planId={null}
          onPlanned={() => {}}
          onClose={() => {}}
        />
      </IntlProvider>
    </Provider>,
  );
}

/** The bar's name: given on Arco's Progress (the host moves it onto the progressbar). */
const barName = (bar: Element) =>
  bar.getAttribute('aria-label') ?? bar.closest('.arco-progress')?.getAttribute('aria-label');

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe.each([
  {
    locale: 'zh-CN' as const,
    solving: '求解',
    timeLeft: '求解 · 预计还需 4.2 秒',
    checking: '核对并保存',
    checkingLeft: '核对并保存 · 预计还需 0.0 秒',
  },
  {
    locale: 'en-US' as const,
    solving: 'Solving',
    timeLeft: 'Solving · about 4.2 s left',
    checking: 'Checking and storing',
    checkingLeft: 'Checking and storing · about 0.0 s left',
  },
])('the plan drawer’s progress ($locale)', (texts) => {
  it('shows the phase and the time left while the plan runs, never 100 %, and goes when the plan answers', async () => {
    renderDrawer(texts.locale);
    const solving = await screen.findByTestId('plan-solving');
    // Before the server has the plan under way it answers null: no bar yet, no made-up figure.
    await waitFor(() => expect(progressCalls).toBeGreaterThan(0));
    expect(screen.queryByTestId('plan-progress')).toBeNull();

    progress = SOLVING;
    const box = await screen.findByTestId('plan-progress');
    expect(box.dataset.phase).toBe('solving');
    expect(screen.getByTestId('plan-time-left').textContent).toBe(texts.timeLeft);
    const bar = box.querySelector('[role=progressbar]')!;
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(barName(bar)).toBe(texts.solving);
    expect(solving.getAttribute('role')).toBe('status');

    // The server says 100 while it still checks: the bar stops at 99, not "done".
    progress = CHECKING_LATE;
    await waitFor(() => expect(box.dataset.phase).toBe('checking'));
    expect(screen.getByTestId('plan-time-left').textContent).toBe(texts.checkingLeft);
    expect(bar.getAttribute('aria-valuenow')).toBe('99');
    expect(barName(bar)).toBe(texts.checking);
    expect(box.querySelector('.arco-progress-is-success')).toBeNull();

    await act(async () => finishPlan());
    await screen.findByTestId('plan-preview');
    expect(screen.queryByTestId('plan-progress')).toBeNull();
    expect(screen.queryByTestId('plan-solving')).toBeNull();
    // The preview's score bars remain; none of them is named by a phase.
    const phases = [texts.solving, texts.checking];
    for (const b of screen.queryAllByRole('progressbar')) expect(phases).not.toContain(barName(b));
    // The polling stopped with the answer.
    const asked = progressCalls;
    await wait(1000);
    expect(progressCalls).toBe(asked);
  });
});

describe('the plan drawer’s polling', () => {
  it('asks one question at a time, even when the server is slow to answer', async () => {
    progress = SOLVING;
    progressDelay = 900;
    renderDrawer('zh-CN');
    await screen.findByTestId('plan-progress');
    // From here (the drawer's first question, asked as it mounted, is answered and ignored).
    mostInFlight = inFlight;
    await wait(2000);
    expect(progressCalls).toBeGreaterThanOrEqual(2);
    expect(mostInFlight).toBe(1);
    await act(async () => finishPlan());
    await screen.findByTestId('plan-preview');
  });

  it('a re-plan starts without the last plan’s bar', async () => {
    progress = CHECKING_LATE;
    renderDrawer('en-US');
    await screen.findByTestId('plan-progress');
    await act(async () => finishPlan());
    await screen.findByTestId('plan-preview');

    progress = null;
    // Every bar the page shows from the click on, even for one frame.
    const shown: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes)
          if (n instanceof HTMLElement)
            for (const el of [n, ...n.querySelectorAll<HTMLElement>('[data-testid]')])
              if (el.dataset.testid === 'plan-progress') shown.push(el.dataset.phase ?? '');
    });
    observer.observe(document.body, { subtree: true, childList: true });
    fireEvent.click(screen.getByTestId('plan-replan'));
    await screen.findByTestId('plan-solving');
    await wait(50);
    // Nothing from the last plan (checking, 99 %), not even in the new plan's first frame.
    expect(shown).toEqual([]);
    expect(screen.queryByTestId('plan-progress')).toBeNull();
    await wait(700);
    expect(screen.queryByTestId('plan-progress')).toBeNull();

    progress = SOLVING;
    const box = await screen.findByTestId('plan-progress');
    expect(box.dataset.phase).toBe('solving');
    expect(shown).toEqual(['solving']);
    observer.disconnect();
    await act(async () => finishPlan());
    await screen.findByTestId('plan-preview');
  });
});
