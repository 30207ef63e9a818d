// The API from a browser test, with the page's session (its cookies and the CSRF header), and
// the few set-ups several tests share.
import { inject } from 'vitest';
import type { Page } from 'playwright-core';

/** Calls `/api<url>` as the page's user; throws with the product's message on any failure. */
export async function api<T>(page: Page, method: string, url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(`${inject('baseUrl')}/api${url}`, {
    method,
    data: data === undefined ? undefined : JSON.stringify(data),
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 20000) throw new Error(`${method} ${url}: ${res.status()} ${body.msg}`);
  return body.data;
}

/** Books the best-ranked eligible guide as the team's local guide over [from, to]. */
export async function assignEligibleGuide(page: Page, teamId: number, from: string, to: string) {
  const [guide] = (
    await api<{ list: { guideId: number }[] }>(
      page,
      'GET',
      `/allocation/teams/${teamId}/candidates?eligibleOnly=true&pageSize=1`,
    )
  ).list;
  if (!guide) throw new Error(`no guide may take team ${teamId}`);
  await api(page, 'POST', `/teams/${teamId}/assignments`, {
    guideId: guide.guideId,
    role: 'local_guide',
    from,
    to,
  });
  return guide.guideId;
}
