// Issue 25 point 16: a backup or restore says how far it got — tables and rows done and the
// time left — through GET /api/backups/progress, which the page and the CLI poll.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupProgress } from '@console/shared';
import {
  createTestApp,
  dbKind,
  signedIn,
  type Client,
  type TestApp,
} from '../../../test/support/app';
import { ProgressTracker } from './progress';

let t: TestApp;
let admin: Client;
let backupDir: string;

beforeAll(async () => {
  backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-progress-test-'));
  t = await createTestApp({ backupDir });
  admin = await signedIn(t.app, 'admin');
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

const progressNow = async () => {
  const res = await admin.get('/api/backups/progress');
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: BackupProgress | null }).data;
};

describe(`backup progress (${dbKind})`, () => {
  it('answers the running backup’s tables, rows and time left while it runs, and null before and after', async () => {
    expect(await progressNow()).toBeNull();
    let asked: Promise<BackupProgress | null> | undefined;
    const seen: BackupProgress[] = [];
    const item = await t.services.backup.create('manual', () => {
      seen.push(t.services.backup.progress()!);
      asked ??= progressNow();
    });
    const during = await asked;
    expect(during).toMatchObject({ operation: 'backup', phase: 'backup', tables: item.tables });
    expect(during!.tablesDone).toBeLessThan(item.tables);
    // Counted as it goes, up to every table and row of the backup.
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ tablesDone: item.tables, rowsDone: item.rows, percent: 100 });
    expect(last.secondsLeft).toBe(0);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.rowsDone).toBeGreaterThanOrEqual(seen[i - 1]!.rowsDone);
      expect(seen[i]!.percent).toBeGreaterThanOrEqual(seen[i - 1]!.percent);
    }
    expect(await progressNow()).toBeNull();
  });

  it('goes through a restore’s phases — validate beside the pre-restore backup, then replace — to 100 %', async () => {
    const made = await t.services.backup.create('manual');
    const phases: string[] = [];
    const percents: number[] = [];
    const restore = t.services.backup.restoreStored(made.id, {
      userId: 1,
      username: 'admin',
      sessionId: 0,
    });
    // Sampled between the steps of the restore until it ends.
    let ended = false;
    void restore.finally(() => (ended = true)).catch(() => {});
    while (!ended) {
      const p = t.services.backup.progress();
      if (p) {
        if (phases.at(-1) !== p.phase) phases.push(p.phase);
        percents.push(p.percent);
      }
      await new Promise((r) => setImmediate(r));
    }
    await restore;
    // The check and the pre-restore backup overlap: the first under way is named.
    expect(phases.filter((p) => p !== 'pre-restore')).toEqual(['validate', 'replace']);
    expect(phases.at(-1)).toBe('replace');
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    expect(t.services.backup.progress()).toBeNull();
  });
});

describe('ProgressTracker', () => {
  it('weighs phases by their rows and extrapolates the time left from the share done', () => {
    let now = 0;
    const tracker = new ProgressTracker(
      'restore',
      [
        { phase: 'validate', rows: 1000 },
        { phase: 'pre-restore', rows: 1000 },
        { phase: 'replace', rows: 1000 },
      ],
      () => now,
    );
    tracker.start('validate', 10);
    expect(tracker.snapshot()).toMatchObject({ percent: 0, secondsLeft: null });
    now = 10_000;
    tracker.update('validate', { tablesDone: 5, rowsDone: 500 });
    // A sixth of the work in 10 s: 50 s left.
    expect(tracker.snapshot()).toMatchObject({
      phase: 'validate',
      tablesDone: 5,
      tables: 10,
      rowsDone: 500,
      rowsTotal: 1000,
      percent: 16,
      secondsLeft: 50,
    });
    // The pre-restore backup runs beside the check: both count; the first under way is shown.
    tracker.start('pre-restore', 10);
    tracker.update('pre-restore', { tablesDone: 2, rowsDone: 500, rowsTotal: 1000 });
    expect(tracker.snapshot()).toMatchObject({ phase: 'validate', percent: 33, secondsLeft: 20 });
    // The file held more rows than guessed: the replacement weighs them.
    tracker.finish('validate');
    tracker.expect('replace', 4000);
    now = 20_000;
    tracker.update('pre-restore', { tablesDone: 10, rowsDone: 1000 });
    tracker.finish('pre-restore');
    tracker.start('replace', 10);
    expect(tracker.snapshot()).toMatchObject({ phase: 'replace', percent: 33, secondsLeft: 40 });
    // Rows past the estimate before the last table: not done yet.
    tracker.update('replace', { tablesDone: 9, rowsDone: 5000 });
    expect(tracker.snapshot()).toMatchObject({ percent: 99, rowsTotal: 5000 });
  });
});
