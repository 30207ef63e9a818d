// The dispatch board with 500 guides × 31 days (issue 29 item 4), for `npm run bench:web`: seeds
// 500 guides, each with a booked team (and every third with leave) inside a 31-day window,
// through the API; then scrolls the board's grid a fixed number of frames and times each frame,
// beside the same run's baseline: the same page and loop over an empty board (a search that
// matches no guide), which times what the browser spends on a frame with nothing to draw.
import fs from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { openBrowser, submitLogin } from '../support/browser';

const GUIDES = 500;
const SPAN = 31;
/** Far ahead of the demo data's teams. */
const START_IN = 600;
const PREFIX = '看板基准';
const FRAMES = 300;
/** Pixels scrolled a frame: three rows (ROW_H 44). */
const STEP = 132;
const CONCURRENCY = 6;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** A calendar day in the operation's time zone (Asia/Shanghai), `offset` days from today. */
const day = (offset: number) => {
  const d = new Date(Date.now() + 8 * 3600_000 + offset * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

async function call<T>(page: Page, baseUrl: string, method: string, url: string, data?: unknown) {
  const res = await page.request.fetch(`${baseUrl}/api${url}`, {
    method,
    data: data === undefined ? undefined : JSON.stringify(data),
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 20000) throw new Error(`${method} ${url}: ${res.status()} ${body.msg}`);
  return body.data;
}

/** Runs `work` over 0..n-1, `CONCURRENCY` at a time. */
async function pool(n: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) await work(next++);
    }),
  );
}

async function seed(page: Page, baseUrl: string) {
  const existing = await call<{ total: number }>(
    page,
    baseUrl,
    'GET',
    `/guides?keyword=${encodeURIComponent(PREFIX)}&pageSize=1`,
  );
  if (existing.total >= GUIDES) return;
  const stamp = String(Date.now()).slice(-6);
  const spot = await call<{ id: number }>(page, baseUrl, 'POST', '/scenic/spots', {
    code: `BS${stamp}`,
    name: `看板基准景点${stamp}`,
    grade: 'AAAA',
    category: 'natural',
    province: '浙江省',
    city: '杭州市',
    latitude: 30.25,
    longitude: 120.15,
    openTime: '08:00',
    closeTime: '18:00',
    avgVisitMinutes: 120,
    dailyCapacity: 100_000,
    instantCapacity: 50_000,
    maxPaxPerGuide: 100,
    priceAdult: 0,
    priceChild: 0,
  });
  await pool(GUIDES, async (i) => {
    const guide = await call<{ id: number }>(page, baseUrl, 'POST', '/guides', {
      name: `${PREFIX}${pad(i, 3)}`,
      gender: i % 2 ? 'male' : 'female',
      birthDate: '1988-03-02',
      phone: `139${pad(i, 8)}`,
      employmentType: 'staff',
      licenceNo: `BB-${stamp}-${i}`,
      licenceType: 'national',
      level: 'senior',
      levelObtainedOn: '2015-06-01',
      licenceExpiry: day(START_IN + 400),
      maxGroupSize: 100,
      languages: [{ language: 'zh', proficiency: 'native' }],
      specialties: [],
      certifications: [],
    });
    const first = START_IN + ((i * 7) % (SPAN - 8));
    const last = first + 2 + (i % 5);
    const team = await call<{ id: number; version: number }>(page, baseUrl, 'POST', '/teams', {
      name: `基准团${pad(i, 3)}`,
      agency: 'cts',
      market: 'domestic',
      paxAdults: 10 + (i % 20),
      language: 'zh',
      leadContactName: '王领队',
      leadContactPhone: '13812345678',
      startDate: day(first),
      endDate: day(last),
    });
    const saved = await call<{ team: { version: number } }>(
      page,
      baseUrl,
      'PUT',
      `/teams/${team.id}/itinerary`,
      {
        items: Array.from({ length: last - first + 1 }, (_, d) => ({
          date: day(first + d),
          spotId: spot.id,
          plannedStart: '09:00',
          plannedEnd: '11:00',
        })),
        confirmCapacityWarning: true,
        version: team.version,
      },
    );
    await call(page, baseUrl, 'POST', `/teams/${team.id}/transition`, {
      to: 'pending',
      version: saved.team.version,
    });
    await call(page, baseUrl, 'POST', `/teams/${team.id}/assignments`, {
      guideId: guide.id,
      role: 'local_guide',
      from: day(first),
      to: day(last),
    });
    if (i % 3 === 0)
      await call(page, baseUrl, 'POST', `/guides/${guide.id}/unavailability`, {
        type: 'leave',
        startDate: day(last + 2),
        endDate: day(last + 3),
        reason: '',
      });
  });
}

export interface ScrollFigures {
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  /** Frames over 50 ms (a visible stutter). */
  longFrames: number;
  /** Guide rows in the page at the end (the virtualised window). */
  rowsInDom: number;
  /**
   * The page's main thread a frame, on average (Performance.getMetrics' TaskDuration over the
   * scroll): what the frame times hide while under the 16.7 ms of a frame at 60 Hz.
   */
  busyMsPerFrame: number;
  /** Of which script (React, handlers), and style and layout. */
  scriptMsPerFrame: number;
  layoutMsPerFrame: number;
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/** Scrolls the board's grid `FRAMES` frames, `STEP` pixels a frame, timing every frame. */
async function scrollFrames(page: Page, cdp: CDPSession): Promise<ScrollFigures> {
  const before = await metrics(cdp);
  const { times, rows } = await page.evaluate(
    async ([frames, step]) => {
      const grid = document.querySelector<HTMLElement>(
        '[data-testid="dispatch-board"] [role="grid"]',
      )!;
      const out: number[] = [];
      let last = performance.now();
      for (let i = 0; i < frames; i++) {
        await new Promise((r) => requestAnimationFrame(r));
        const now = performance.now();
        out.push(now - last);
        last = now;
        grid.scrollTop =
          grid.scrollTop + grid.clientHeight >= grid.scrollHeight ? 0 : grid.scrollTop + step;
      }
      return {
        times: out.slice(1),
        rows: document.querySelectorAll('[data-testid^="board-row-"]').length,
      };
    },
    [FRAMES, STEP] as const,
  );
  const after = await metrics(cdp);
  const perFrame = (...names: string[]) =>
    round(names.reduce((sum, n) => sum + (after[n] ?? 0) - (before[n] ?? 0), 0) * (1000 / FRAMES));
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    medianMs: round(at(0.5)),
    p95Ms: round(at(0.95)),
    maxMs: round(sorted[sorted.length - 1]),
    longFrames: times.filter((t) => t > 50).length,
    rowsInDom: rows,
    busyMsPerFrame: perFrame('TaskDuration'),
    scriptMsPerFrame: perFrame('ScriptDuration'),
    layoutMsPerFrame: perFrame('LayoutDuration', 'RecalcStyleDuration'),
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Opens the board on the seeded month, searched by `keyword`, and waits for `rows` rows. */
async function openBoard(page: Page, baseUrl: string, keyword: string, guides: number) {
  await page.goto(
    `${baseUrl}/guide/allocation?tab=board&from=${day(START_IN)}&to=${day(START_IN + 13)}`,
  );
  const board = page.getByTestId('dispatch-board');
  await board.waitFor();
  await board.getByTestId('board-span').getByText('31').click();
  await board.getByPlaceholder('导游姓名或编号').fill(keyword);
  await board
    .locator('[role="grid"] [role="row"]')
    .first()
    .getByText(new RegExp(`\\(${guides}\\)|（${guides}）`))
    .waitFor({ timeout: 60_000 });
  if (guides > 0) await board.locator('[data-testid^="board-row-"]').first().waitFor();
  await page.waitForTimeout(500);
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/**
 * Starts a CPU profile of the loaded board's scroll; `stop` writes `board-scroll.cpuprofile` into
 * `dir` (open it in Chrome's DevTools) and prints the functions with the most self time.
 */
async function profile(cdp: CDPSession, dir: string) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: {
      includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    },
  });
  return async () => {
    const done = new Promise<{ stream?: string }>((resolve) =>
      cdp.once('Tracing.tracingComplete', resolve),
    );
    await cdp.send('Tracing.end');
    const { stream } = await done;
    let text = '';
    for (let eof = false; stream && !eof;) {
      const chunk = await cdp.send('IO.read', { handle: stream, size: 1 << 20 });
      text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
      eof = chunk.eof;
    }
    if (stream) await cdp.send('IO.close', { handle: stream });
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'board-scroll.trace.json'), text);
    // The renderer's main thread: time by event (nested events counted in their parents too).
    const parsed = JSON.parse(text) as { traceEvents: TraceEvent[] } | TraceEvent[];
    const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const byName = new Map<string, number>();
    for (const e of events) {
      if (!main || e.tid !== main.tid || e.pid !== main.pid || e.ph !== 'X' || !e.dur) continue;
      byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000);
    }
    console.log(`\nthe renderer's main thread over the loaded scroll (ms), trace in ${dir}:`);
    for (const [name, ms] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 20))
      console.log(`  ${ms.toFixed(1).padStart(8)}  ${name}`);

    const { profile: cpu } = await cdp.send('Profiler.stop');
    await cdp.send('Profiler.disable');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'board-scroll.cpuprofile'), JSON.stringify(cpu));
    const nodes = cpu.nodes as ProfileNode[];
    const interval = (cpu.endTime - cpu.startTime) / Math.max(1, cpu.samples?.length ?? 1);
    const self = new Map<string, number>();
    for (const n of nodes) {
      const { functionName, url, lineNumber } = n.callFrame;
      const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + ((n.hitCount ?? 0) * interval) / 1000);
    }
    console.log(`most self time (ms), profile in ${path.join(dir, 'board-scroll.cpuprofile')}:`);
    for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`  ${ms.toFixed(1).padStart(8)}  ${key}`);
  };
}

/**
 * Seeds the board once, then `runs` times scrolls the empty board (the baseline) and the loaded
 * one, each pair from the same moment; `profileDir` profiles the first loaded scroll.
 */
export async function boardScroll(baseUrl: string, runs = 1, profileDir?: string) {
  const browser = await openBrowser();
  try {
    const { page } = browser;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`${baseUrl}/login`);
    await submitLogin(page, 'operator');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const seeding = Date.now();
    await seed(page, baseUrl);
    const seededMs = Date.now() - seeding;

    const pairs: { empty: ScrollFigures; full: ScrollFigures }[] = [];
    for (let run = 0; run < runs; run++) {
      // Baseline: the same page and loop, a board with no guide (nothing to scroll or draw).
      await openBoard(page, baseUrl, '没有这个导游', 0);
      const empty = await scrollFrames(page, cdp);
      await openBoard(page, baseUrl, PREFIX, GUIDES);
      const stopProfile = profileDir && run === 0 ? await profile(cdp, profileDir) : null;
      const full = await scrollFrames(page, cdp);
      await stopProfile?.();
      pairs.push({ empty, full });
    }
    return { seededMs, runs: pairs };
  } finally {
    await browser.close();
  }
}
