// @vitest-environment jsdom
// Issue 27 item 6: the Section versions page's writes (pin, rollback, the canary's steps, a new
// environment) are mutations whose `invalidatesTags` come from the one event → tag mapping the
// live channel uses. Each refetches exactly the reads `section.versions.changed` names — the
// page's pins, versions, history, health and a looked-up user's buckets — and a refused one
// keeps its dialog open and refetches nothing, unless the refusal says the pin shown has moved
// (STALE_VERSION). The real page, store and mutations in jsdom; only the server (the HTTP
// client's adapter) is replaced.
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  PublishedSectionVersion,
  SectionEnvironment,
  SectionHealthResponse,
} from '@console/shared/contracts/sections';
import { hostUnderTest, ok, refused, renderHost, type Answer } from '../../test/writeRefresh';
import SectionVersionsPage from './index';
import { sectionVersionQueries } from './sectionVersionsApi';

const pin = (version: string, rollbackTo: string | null, canary: string | null = null) => ({
  version,
  pinnedAt: '2026-11-27T08:00:00.000Z',
  pinnedBy: 'admin',
  rollbackTo,
  pagePaths: null,
  canary: canary
    ? { version: canary, share: 10, since: '2026-11-27T09:00:00.000Z', by: 'admin' }
    : null,
});

/** Staging: the guide section pinned at 1.0.0 (1.0.0-rc before it), scenic with a canary. */
const STAGING: SectionEnvironment = {
  name: 'staging',
  description: '',
  builtIn: true,
  current: true,
  pins: { guide: pin('1.0.0', '0.9.0'), scenic: pin('1.0.0', null, '1.1.0') },
};

const GUIDE_2: PublishedSectionVersion = {
  id: 7,
  section: 'guide',
  version: '2.0.0',
  builtAt: '2026-11-27T07:00:00.000Z',
  commit: null,
  sizeBytes: 1000,
  shared: {},
  publishedAt: '2026-11-27T07:10:00.000Z',
  publishedBy: 'ci',
  entry: '/sections/guide/2.0.0/mf-manifest.json',
  compatibility: { compatible: true, mismatches: [] },
  pinnedIn: [],
  pages: null,
};

const HEALTH: SectionHealthResponse = {
  environment: 'staging',
  window: 'hour',
  since: '2026-11-27T08:00:00.000Z',
  versions: [],
  rule: { marginPercent: 5, minSessions: 20, windowMinutes: 10 },
};

function reads(url: string): unknown {
  if (url === '/sections/environments') return [STAGING];
  if (url === '/sections') return { list: [GUIDE_2], total: 1 };
  if (url === '/sections/history') return { list: [], total: 0 };
  if (url === '/sections/health') return HEALTH;
  if (url === '/sections/buckets')
    return {
      environment: 'staging',
      username: 'xiaowang',
      sections: [{ section: 'guide', bucket: 42, version: '1.0.0', canary: false }],
    };
  return null;
}

/** What the server answers a write. */
let answer: Answer;
beforeEach(() => {
  answer = ok(null);
});
// The page's reads by their tag, and some a section version write must leave alone.
const host = hostUnderTest({
  reads,
  answer: () => answer,
  probed: [
    'SectionVersions',
    'Profile',
    { type: 'Team', id: 'LIST' },
    { type: 'Audit', id: 'LIST' },
    { type: 'Dashboard', id: 'WORKPLACE' },
  ],
});
const { refetchedBy, writes } = host;

/** How often the page has read `url` from the server. */
const readsOf = (url: string) =>
  host.received.filter((r) => r.method === 'get' && r.url === url).length;
/** The reads the live channel refetches on hearing that a pin or canary moved. */
const byLive = () => host.byLive({ type: 'section.versions.changed' });

async function openPage() {
  renderHost(<SectionVersionsPage />, host.store);
  await screen.findByTestId(`pin-guide-${GUIDE_2.version}`);
}

/** Types a reason into the open dialog and confirms it. */
function confirmWith(dialog: HTMLElement, reasonTestId: string) {
  fireEvent.change(within(dialog).getByTestId(reasonTestId), {
    target: { value: 'e2e: a reason' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
}

/** Every read of the page asked the server again after `act`. */
async function pageReadsAgain(act: () => Promise<void>) {
  const pageUrls = ['/sections/environments', '/sections', '/sections/history', '/sections/health'];
  const before = pageUrls.map(readsOf);
  const byMutation = await refetchedBy(act);
  pageUrls.forEach((url, i) => expect(readsOf(url), url).toBeGreaterThan(before[i]));
  return byMutation;
}

describe('a pin or a rollback', () => {
  it('pinned, it refetches the reads section.versions.changed names and closes the dialog', async () => {
    answer = ok({ environment: 'staging', section: 'guide', from: '1.0.0', to: '2.0.0' });
    await openPage();
    fireEvent.click(screen.getByTestId(`pin-guide-${GUIDE_2.version}`));
    const dialog = await screen.findByRole('dialog');
    const byMutation = await pageReadsAgain(async () => {
      confirmWith(dialog, 'pin-reason');
      await screen.findByText(/staging 环境已固定为 2\.0\.0/);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
    expect(byMutation).toEqual(await byLive());
    expect(byMutation).toEqual(['SectionVersions']);
    expect(writes()).toEqual([
      {
        method: 'post',
        url: '/sections/guide/pin',
        body: {
          environment: 'staging',
          version: '2.0.0',
          reason: 'e2e: a reason',
          expectedCurrent: '1.0.0',
        },
      },
    ]);
  });

  it('rolled back, it refetches the reads section.versions.changed names', async () => {
    answer = ok({ environment: 'staging', section: 'guide', from: '1.0.0', to: '0.9.0' });
    await openPage();
    fireEvent.click(screen.getByTestId('rollback-guide'));
    const dialog = await screen.findByRole('dialog');
    const byMutation = await pageReadsAgain(async () => {
      confirmWith(dialog, 'pin-reason');
      await screen.findByText(/staging 环境已固定为 0\.9\.0/);
    });
    expect(byMutation).toEqual(await byLive());
    expect(writes()[0]).toMatchObject({
      url: '/sections/guide/rollback',
      body: { environment: 'staging', expectedCurrent: '1.0.0' },
    });
  });

  it('refused for a field, it keeps the dialog with the message and refetches nothing', async () => {
    answer = refused('VALIDATION_FAILED', {
      fields: [{ path: 'reason', message: '原因过长' }],
    });
    await openPage();
    fireEvent.click(screen.getByTestId(`pin-guide-${GUIDE_2.version}`));
    const dialog = await screen.findByRole('dialog');
    const byMutation = await refetchedBy(async () => {
      confirmWith(dialog, 'pin-reason');
      await screen.findByText('请求参数不合法');
    });
    expect(byMutation).toEqual([]);
    expect(screen.getByRole('dialog')).toBe(dialog);
    // The dialog is ready for another try: its button no longer loading.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: /确\s*定/ }).className).not.toMatch(
        /loading/,
      ),
    );
  });

  it('refused as stale (the pin moved meanwhile), it keeps the dialog and reads the page again', async () => {
    answer = refused('STALE_VERSION', {
      data: { current: '1.0.1' },
    });
    await openPage();
    fireEvent.click(screen.getByTestId('rollback-guide'));
    const dialog = await screen.findByRole('dialog');
    const byMutation = await pageReadsAgain(async () => {
      confirmWith(dialog, 'pin-reason');
      await screen.findByText('数据已被他人修改，请刷新后重试');
    });
    expect(byMutation).toEqual(await byLive());
    expect(screen.getByRole('dialog')).toBe(dialog);
  });
});

describe("the canary's steps", () => {
  /** Opens the canary dialog of the button `testId` and confirms it; the reads fetched again. */
  async function canaryStep(testId: string) {
    fireEvent.click(screen.getByTestId(testId));
    const dialog = await screen.findByRole('dialog');
    return pageReadsAgain(async () => {
      confirmWith(dialog, 'canary-reason');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
  }

  it('started, it refetches the reads section.versions.changed names', async () => {
    answer = ok({
      environment: 'staging',
      section: 'guide',
      action: 'canary',
      pinned: '1.0.0',
      canary: '2.0.0',
      share: 10,
    });
    await openPage();
    const byMutation = await canaryStep(`canary-guide-${GUIDE_2.version}`);
    expect(byMutation).toEqual(await byLive());
    expect(writes()[0]).toEqual({
      method: 'post',
      url: '/sections/guide/canary',
      body: {
        environment: 'staging',
        version: '2.0.0',
        share: 10,
        reason: 'e2e: a reason',
        expectedCurrent: '1.0.0',
      },
    });
  });

  it.each([
    ['widen', '/sections/scenic/canary/widen', { share: 11 }],
    ['promote', '/sections/scenic/canary/promote', {}],
    ['abort', '/sections/scenic/canary/abort', {}],
  ] as const)(
    '%s, it refetches the reads section.versions.changed names',
    async (move, url, extra) => {
      answer = ok({
        environment: 'staging',
        section: 'scenic',
        action: move,
        pinned: '1.0.0',
        canary: move === 'widen' ? '1.1.0' : null,
        share: move === 'widen' ? 11 : null,
      });
      await openPage();
      const byMutation = await canaryStep(`canary-${move}-scenic`);
      expect(byMutation).toEqual(await byLive());
      expect(writes()[0]).toEqual({
        method: 'post',
        url,
        body: {
          environment: 'staging',
          reason: 'e2e: a reason',
          expectedCanary: '1.1.0',
          ...extra,
        },
      });
    },
  );

  it('refused for a field, it keeps the dialog and refetches nothing', async () => {
    answer = refused('VALIDATION_FAILED', {
      fields: [{ path: 'share', message: '比例超出范围' }],
    });
    await openPage();
    fireEvent.click(screen.getByTestId('canary-widen-scenic'));
    const dialog = await screen.findByRole('dialog');
    const byMutation = await refetchedBy(async () => {
      confirmWith(dialog, 'canary-reason');
      await screen.findByText('请求参数不合法');
    });
    expect(byMutation).toEqual([]);
    expect(screen.getByRole('dialog')).toBe(dialog);
  });
});

describe('a looked-up user', () => {
  it('is looked up again when a pin moves: the table shows what they get now', async () => {
    answer = ok({ environment: 'staging', section: 'guide', from: '1.0.0', to: '2.0.0' });
    await openPage();
    fireEvent.change(screen.getByTestId('bucket-username'), { target: { value: 'xiaowang' } });
    fireEvent.click(screen.getByTestId('bucket-lookup'));
    await screen.findByTestId('bucket-table');
    const before = readsOf('/sections/buckets');
    fireEvent.click(screen.getByTestId(`pin-guide-${GUIDE_2.version}`));
    confirmWith(await screen.findByRole('dialog'), 'pin-reason');
    await waitFor(() => expect(readsOf('/sections/buckets')).toBe(before + 1));
  });
});

describe('a new environment', () => {
  const create = () =>
    host.store
      .dispatch(
        sectionVersionQueries.endpoints.createSectionEnvironment.initiate({
          name: 'qa',
          description: '',
        }),
      )
      .unwrap()
      .catch(() => undefined);

  it('created, it refetches the reads section.versions.changed names', async () => {
    answer = ok({ name: 'qa', description: '' });
    const byMutation = await refetchedBy(create);
    expect(byMutation).toEqual(await byLive());
    expect(byMutation).toEqual(['SectionVersions']);
    expect(writes()[0]).toMatchObject({ method: 'post', url: '/sections/environments' });
  });

  it('refused (the name is taken), it refetches nothing', async () => {
    answer = refused('DUPLICATE', { msg: '环境已存在' });
    expect(await refetchedBy(create)).toEqual([]);
  });
});
