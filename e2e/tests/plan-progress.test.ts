// Issue 26 item 16: a batch plan shows its progress, not a spinner. The operator plans the demo
// data's next 62 days (the longest range) from the allocation page; while POST
// /api/allocation/plans is pending the drawer polls GET /api/allocation/plans/progress. What is
// recorded is what happened, never made up: the frames the drawer showed (phase, time left, the
// bar's name and value) and the progress answers the server gave while the plan was pending,
// to the drawer's polls and to the test's own questions (plan-progress.json beside the
// screenshot). If the plan answers before any frame can show,
// the non-null answer during the request stands in for it; if neither, the test fails. A
// screenshot of the drawer goes to E2E_SCREENSHOT_DIR (else the temp directory): of a frame
// when one is on screen as the server answers (taken before the answer reaches the page),
// else of the preview, named so.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { day } from '../support/allocation';
import { login, openBrowser, type Browser } from '../support/browser';
import {
  clearProgressFrames,
  progressFramesSeen,
  recordProgressFrames,
  type ProgressFrame,
} from '../support/progressFrames';
import { useThemeAndLocale } from '../support/settings';

const baseUrl = inject('baseUrl');
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? os.tmpdir();

interface Answer {
  /** Ms since the plan was asked (-1: asked before it). */
  at: number;
  /** Whether the plan's POST was still pending when this answer came. */
  pending: boolean;
  data: { phase: string; secondsLeft: number; percent: number } | null;
}

describe('a batch plan’s progress', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
  });
  afterAll(() => browser.close());

  it('shows the phase and the time left while the plan runs, or the server says so meanwhile', async () => {
    const { page } = browser;
    await useThemeAndLocale(page, 'light', 'zh-CN');
    const from = day(0);
    // The longest range the page takes (ALLOCATION_RANGE_MAX_DAYS, 62 days).
    const to = day(61);
    await page.goto(`${baseUrl}/guide/allocation?from=${from}&to=${to}`);
    await page.getByTestId('plan-all').waitFor();
    await recordProgressFrames(page, { progress: 'plan-progress', text: 'plan-time-left' });

    // The plan's drawer (the settings drawer is one too), for the range asked.
    const drawer = page.locator('.arco-drawer', { hasText: `一键规划：${from} 至 ${to}` });
    const frameShot = path.join(SHOTS, 'plan-progress-zh-light.png');
    let asked = 0;
    let planPending = false;
    let planMs = 0;
    let shotTaken = false;
    let answers: Answer[] = [];
    let probes: Answer[] = [];
    // The drawer asks every 300 ms, and may not ask within so short a plan: the test asks too,
    // one question at a time while the plan is pending (the session's own cookies).
    const probe = async () => {
      while (planPending) {
        const res = await page.request.get(`${baseUrl}/api/allocation/plans/progress`);
        const body = (await res.json()) as { data: Answer['data'] };
        probes.push({ at: Date.now() - asked, pending: planPending, data: body.data });
      }
    };
    // A demo-data plan answers in a few hundred ms: when the drawer shows a frame as the server
    // answers, it is screenshot before the answer (fetched from the server as it is) is handed
    // to the page. `planMs` is the server's time; an answer counts as "while pending" only
    // before the server answered the plan.
    await page.route('**/api/allocation/plans', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      asked = Date.now();
      planPending = true;
      void probe();
      const response = await route.fetch({ timeout: 120_000 });
      planMs = Date.now() - asked;
      planPending = false;
      if (!shotTaken && (await page.getByTestId('plan-progress').count()) > 0) {
        await drawer.screenshot({ path: frameShot });
        shotTaken = true;
      }
      await route.fulfill({ response });
    });
    page.on('response', (res) => {
      if (new URL(res.url()).pathname !== '/api/allocation/plans/progress') return;
      // Pending or not is decided when the answer arrives, before its body is read.
      const pending = planPending;
      const at = asked ? Date.now() - asked : -1;
      void res
        .json()
        .then((body: { data: Answer['data'] }) => answers.push({ at, pending, data: body.data }))
        .catch(() => {});
    });

    // The server answers the progress route only between the plan's awaits (the solve holds
    // its event loop), so a plan this short may pass unseen: it is planned again, up to 8
    // times, until a frame or an answer is seen. Every attempt is recorded.
    const attempts: {
      planMs: number;
      frames: ProgressFrame[];
      answers: Answer[];
      probes: Answer[];
    }[] = [];
    let frames: ProgressFrame[] = [];
    let during: Answer[] = [];
    for (let i = 0; i < 8; i++) {
      answers = [];
      probes = [];
      await clearProgressFrames(page);
      await page.getByTestId(i === 0 ? 'plan-all' : 'plan-replan').click();
      await page.getByTestId('plan-solving').waitFor({ state: 'detached', timeout: 120_000 });
      await page.getByTestId('plan-preview').waitFor({ timeout: 120_000 });
      expect(await page.getByTestId('plan-progress').count()).toBe(0);
      await page.waitForTimeout(400);
      frames = await progressFramesSeen(page);
      during = [...answers, ...probes].filter((a) => a.pending && a.data !== null);
      attempts.push({ planMs, frames, answers, probes });
      console.log(
        `plan ${from}..${to} #${i + 1}: ${planMs} ms, ${frames.length} frame(s), ${answers.length} drawer and ${probes.length} test question(s), ${during.length} non-null answer(s) while pending`,
      );
      if (frames.length + during.length > 0) break;
    }
    const shot = shotTaken ? frameShot : path.join(SHOTS, 'plan-progress-answered-zh-light.png');
    if (!shotTaken) await drawer.screenshot({ path: shot });
    fs.writeFileSync(
      path.join(SHOTS, 'plan-progress.json'),
      JSON.stringify({ from, to, shot, attempts }, null, 2),
    );

    // Something honest was seen while the plan ran: a frame, or the server's answer.
    expect(frames.length + during.length).toBeGreaterThan(0);
    const phases = ['reading', 'building', 'solving', 'checking'];
    const names: Record<string, string> = {
      reading: '读取团队与导游',
      building: '构建模型',
      solving: '求解',
      checking: '核对并保存',
    };
    for (const f of frames) {
      expect(phases).toContain(f.phase);
      expect(f.percent).toBeGreaterThanOrEqual(0);
      expect(f.percent).toBeLessThan(100);
      expect(f.name).toBe(names[f.phase]);
      expect(f.text).toMatch(new RegExp(`^${names[f.phase]} · 预计还需 \\d+\\.\\d 秒$`));
    }
    // The phases come in turn.
    const order = frames.map((f) => phases.indexOf(f.phase));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const a of during) {
      expect(phases).toContain(a.data!.phase);
      expect(a.data!.percent).toBeLessThan(100);
      expect(a.data!.secondsLeft).toBeGreaterThanOrEqual(0);
    }
  });
});
