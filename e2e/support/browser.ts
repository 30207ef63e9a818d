// Chromium from Debian driven by playwright-core, a fresh profile per browser.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export async function openBrowser(): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 800 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

export const ACCOUNTS = {
  admin: { username: 'admin', password: 'Admin123' },
  operator: { username: 'operator', password: 'Operator123' },
  user: { username: 'user', password: 'User1234' },
} as const;

export type DemoRole = keyof typeof ACCOUNTS;

/** Fills the login form and submits it with Enter. */
export async function submitLogin(page: Page, role: DemoRole): Promise<void> {
  await page.locator('input[name=username]').fill(ACCOUNTS[role].username);
  await page.locator('input[name=password]').fill(ACCOUNTS[role].password);
  await page.locator('input[name=password]').press('Enter');
}

/** Signs in from the login page and waits for the default landing page. */
export async function login(page: Page, baseUrl: string, role: DemoRole): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, role);
  await page.waitForURL(`${baseUrl}/dashboard/workplace`);
  await page.locator('[data-section-page="dashboard/workplace"]').waitFor();
}

/** The route keys of the menu's items, in order (closed sections keep their items mounted). */
export async function menuKeys(page: Page): Promise<string[]> {
  const menu = page.getByTestId('section-menu');
  await menu.waitFor();
  return menu
    .locator('[data-route]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-route') ?? ''));
}

/** Opens a page from the side menu, opening its section first when it is closed. */
export async function openFromMenu(
  page: Page,
  sectionTitle: string,
  itemKey: string,
): Promise<void> {
  const item = page.locator(`[data-testid=section-menu] [data-route="${itemKey}"]`);
  if (!(await item.isVisible()))
    await page.locator('.arco-menu-inline-header', { hasText: sectionTitle }).click();
  await item.click();
  await page.waitForURL((url) => url.pathname.startsWith(`/${itemKey}`));
}

/** Lists and charts answer after the first frame: waits for their spinners before measuring. */
export async function settle(page: Page): Promise<void> {
  await page
    .locator('.arco-spin-loading')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

/** Opens a route and waits until its page (a section page or the shell's) has rendered. */
export async function visitRoute(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page
    .locator('[data-section-page], .console-layout-content .arco-card, .arco-result')
    .first()
    .waitFor();
  await settle(page);
}
