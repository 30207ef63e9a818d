// Guide allocation (issue #14, "Tests and benchmark: Browser"): an operator drags a waiting
// team onto a free guide on the dispatch board and its bar appears; onto a guide on leave and
// the refusal names the leave. An operator plans a range, previews, deselects one team and
// commits; the planned teams move on to Ongoing, and the candidates of the deselected team
// show the guide just booked as excluded with GUIDE_BUSY naming the booked team.
// The records live far in the future (days 400+), away from the demo data's teams.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { login, openBrowser, type Browser } from '../support/browser';
import { api } from '../support/api';
import {
  createGuide,
  createPendingTeam,
  createSpot,
  day,
  type Created,
} from '../support/allocation';

const baseUrl = inject('baseUrl');

describe('guide allocation as an operator', () => {
  let browser: Browser;
  const stamp = String(Date.now()).slice(-6);
  let spotId = 0;

  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'operator');
    spotId = await createSpot(browser.page, stamp);
  });
  afterAll(() => browser.close());

  it('drags a waiting team onto guides of the dispatch board: refused on leave, booked when free', async () => {
    const { page } = browser;
    const prefix = `看板导游${stamp}`;
    const free = await createGuide(page, `${prefix}甲`, `AL-FREE-${stamp}`);
    const away = await createGuide(page, `${prefix}乙`, `AL-AWAY-${stamp}`);
    await api(page, 'POST', `/guides/${away.id}/unavailability`, {
      type: 'leave',
      startDate: day(419),
      endDate: day(423),
      reason: '年假',
    });
    const team = await createPendingTeam(page, `看板团${stamp}`, 420, 421, spotId);

    await page.goto(`${baseUrl}/guide/allocation?tab=board&from=${day(420)}&to=${day(433)}`);
    const board = page.getByTestId('dispatch-board');
    await board.waitFor();
    await board.getByPlaceholder('导游姓名或编号').fill(prefix);
    const awayRow = board.getByTestId(`board-row-${away.code}`);
    const freeRow = board.getByTestId(`board-row-${free.code}`);
    await awayRow.waitFor();
    await freeRow.waitFor();
    // The leave shows as a bar on the guide's row.
    await awayRow.getByTestId(`leave-${away.code}`).waitFor();

    const chip = board.getByTestId(`strip-${team.code}`);
    await chip.waitFor();
    // Picked (dragging picks it), the guide on leave is greyed and says why on hover.
    await chip.click();
    await page.locator(`[data-testid="board-row-${away.code}"][data-greyed="true"]`).waitFor();
    expect(await freeRow.getAttribute('data-greyed')).toBe('false');
    await awayRow.hover({ position: { x: 120, y: 10 } });
    const why = page.locator('.arco-popover-content', { hasText: away.name });
    await why.waitFor();
    expect(await why.locator('[data-rule="GUIDE_UNAVAILABLE"]').innerText()).toContain('请假');

    await chip.dragTo(awayRow, { targetPosition: { x: 400, y: 20 } });
    const refusal = page.locator('.arco-message', { hasText: `不能分配 ${away.name}` });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('请假');
    expect(await refusal.innerText()).toContain(day(419));
    expect(await awayRow.getByTestId(`bar-${team.code}`).count()).toBe(0);

    await chip.dragTo(freeRow, { targetPosition: { x: 400, y: 20 } });
    await page
      .locator('.arco-message', { hasText: `已将 ${free.name} 分配给团 ${team.code}` })
      .waitFor();
    const bar = freeRow.getByTestId(`bar-${team.code}`);
    await bar.waitFor();
    // The team left the waiting strip; its bar opens the team.
    await chip.waitFor({ state: 'detached' });
    await bar.click();
    await page.waitForURL(`${baseUrl}/team/detail/${team.id}`);
    await page.getByTestId('detail-status').filter({ hasText: '已分配' }).waitFor();
  });

  it('plans a range, commits all but one team, and the booked guide is then excluded as busy', async () => {
    const { page } = browser;
    for (const [i, suffix] of ['甲', '乙', '丙'].entries())
      await createGuide(page, `规划导游${stamp}${suffix}`, `AL-PLAN-${i}-${stamp}`);
    const teams = [
      await createPendingTeam(page, `规划团${stamp}A`, 440, 441, spotId),
      await createPendingTeam(page, `规划团${stamp}B`, 440, 441, spotId),
      await createPendingTeam(page, `规划团${stamp}C`, 440, 441, spotId),
    ];
    const [first, second, left] = teams as [Created, Created, Created];

    await page.goto(`${baseUrl}/guide/allocation?from=${day(440)}&to=${day(441)}`);
    await page.getByTestId(`waiting-${left.code}`).waitFor();
    await page.getByTestId('plan-all').click();

    // Solving, then the preview with its quality figure and one row per team.
    const preview = page.getByTestId('plan-preview');
    await preview.waitFor();
    expect(await page.getByTestId('plan-quality').innerText()).toMatch(
      /与理论最优相差不超过 [\d.]+ %|已证明为最优方案/,
    );
    for (const t of teams) await preview.getByTestId(`plan-row-${t.code}`).waitFor();
    // The plan is in the address: a reload reopens the same plan instead of solving again.
    await page.waitForURL(/[?&]plan=\d+/);
    const planUrl = page.url();
    await page.reload();
    await preview.waitFor();
    expect(page.url()).toBe(planUrl);
    for (const t of teams) await preview.getByTestId(`plan-row-${t.code}`).waitFor();
    await preview.getByTestId(`plan-row-${left.code}`).locator('.arco-checkbox').click();
    const commit = page.getByTestId('plan-commit');
    expect(await commit.innerText()).toContain('2');
    await commit.click();
    await page.locator('.arco-modal-footer').getByRole('button', { name: '提交' }).click();
    await page.locator('.arco-message', { hasText: '已为 2 个团分配导游' }).waitFor();

    // The two teams moved on; the deselected one still waits.
    const detail = (id: number) =>
      api<{
        status: string;
        assignments: { guideCode: string; guideName: string; status: string }[];
      }>(page, 'GET', `/teams/${id}`);
    for (const t of [first, second]) expect((await detail(t.id)).status).toBe('allocated');
    expect((await detail(left.id)).status).toBe('pending');
    await page.goto(`${baseUrl}/team/ongoing?keyword=${first.code}`);
    await page.locator('.arco-table-tr', { hasText: first.code }).waitFor();

    // The deselected team's candidates: the guide booked for the first team is busy, by name.
    const booked = (await detail(first.id)).assignments.find((a) => a.status === 'active');
    expect(booked).toBeDefined();
    await page.goto(`${baseUrl}/guide/allocation?from=${day(440)}&to=${day(441)}`);
    await page.getByTestId(`waiting-${left.code}`).click();
    expect(await page.getByTestId(`waiting-${first.code}`).count()).toBe(0);
    const candidates = page.getByTestId('candidates');
    await candidates.getByPlaceholder('导游姓名或编号').fill(booked!.guideName);
    const busy = candidates.getByTestId(`candidate-${booked!.guideCode}`);
    await busy.waitFor();
    expect(await busy.getAttribute('data-eligible')).toBe('false');
    expect(await busy.locator('[data-rule="GUIDE_BUSY"]').innerText()).toContain(first.code);
  });

  it('plans a partly covered team for its days left, and says so in the preview', async () => {
    const { page } = browser;
    const guide = await createGuide(page, `半程导游${stamp}`, `AL-HALF-${stamp}`);
    await createGuide(page, `后程导游${stamp}`, `AL-REST-${stamp}`);
    const team = await createPendingTeam(page, `半程团${stamp}`, 460, 462, spotId);
    await api(page, 'POST', `/teams/${team.id}/assignments`, {
      guideId: guide.id,
      role: 'local_guide',
      from: day(460),
      to: day(460),
    });
    await page.goto(`${baseUrl}/guide/allocation?from=${day(460)}&to=${day(462)}`);
    await page.getByTestId(`waiting-${team.code}`).waitFor();
    await page.getByTestId('plan-all').click();
    const row = page.getByTestId('plan-preview').getByTestId(`plan-row-${team.code}`);
    await row.waitFor();
    expect(await row.getByTestId('plan-days-left').innerText()).toBe(
      `部分日期已有导游，只排 ${day(461)} ~ ${day(462)}`,
    );
  });
});

describe('guide allocation as a user (read-only)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await login(browser.page, baseUrl, 'user');
  });
  afterAll(() => browser.close());

  it('reads the waiting teams, the board and the rules without any action', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/guide/allocation`);
    await page.getByTestId('waiting-teams').waitFor();
    expect(await page.getByTestId('plan-all').count()).toBe(0);

    await page.getByRole('tab', { name: '调度看板' }).click();
    await page.getByTestId('dispatch-board').waitFor();
    expect(await page.locator('[data-testid^="strip-"][draggable="true"]').count()).toBe(0);

    await page.getByRole('tab', { name: '分配规则' }).click();
    const rules = page.getByTestId('allocation-rules');
    await rules.getByTestId('rule-fairness').waitFor();
    expect(await rules.getByTestId('rule-fairness').locator('.arco-switch').isDisabled()).toBe(
      true,
    );
    await rules.getByTestId('hard-GUIDE_BUSY').waitFor();
    expect(await rules.getByRole('button', { name: '保存' }).count()).toBe(0);
  });
});
