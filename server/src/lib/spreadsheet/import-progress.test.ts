// An import's progress (issue 26 item 16): rows read, checked and written only grow, the phases
// come in turn, and the counts end at the file's rows; the progress route answers the caller's
// import under way and null when none runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IMPORT_PHASES, type ImportProgress } from '@console/shared';
import { createTestApp, signedIn, type Client, type TestApp } from '../../../test/support/app';
import { ImportProgressTracker } from './progress';
import { importSheet } from './read';
import { defineSheet } from './sheet';

const sheet = defineSheet({
  name: 'progress-test',
  title: { 'zh-CN': '进度', 'en-US': 'Progress' },
  columns: [
    { key: 'code', header: { 'zh-CN': '编号', 'en-US': 'Code' }, type: 'string', required: true },
    { key: 'n', header: { 'zh-CN': '数量', 'en-US': 'Count' }, type: 'integer', required: true },
  ],
  row: z.object({ code: z.string().min(1), n: z.number().int() }),
});

const ROWS = 1500;
const csv = (rows: number) =>
  Buffer.from(
    ['code,n', ...Array.from({ length: rows }, (_, i) => `C${i},${i}`)].join('\n'),
    'utf8',
  );

function expectMonotonic(seen: ImportProgress[]) {
  for (let i = 1; i < seen.length; i++) {
    const [a, b] = [seen[i - 1]!, seen[i]!];
    expect(IMPORT_PHASES.indexOf(b.phase)).toBeGreaterThanOrEqual(IMPORT_PHASES.indexOf(a.phase));
    expect(b.rowsRead).toBeGreaterThanOrEqual(a.rowsRead);
    expect(b.rowsChecked).toBeGreaterThanOrEqual(a.rowsChecked);
    expect(b.rowsWritten).toBeGreaterThanOrEqual(a.rowsWritten);
    expect(b.rowsChecked).toBeLessThanOrEqual(b.rowsRead);
    expect(b.rowsWritten).toBeLessThanOrEqual(b.rowsChecked);
  }
}

describe('import progress tracker', () => {
  it('advances through read, check and write and ends at the totals', async () => {
    const seen: ImportProgress[] = [];
    const progress = new ImportProgressTracker(Date.now, (p) => seen.push(p));
    seen.push(progress.snapshot());
    let duringCheck: ImportProgress | null = null;
    let duringWrite: ImportProgress | null = null;
    const report = await importSheet(
      sheet,
      { buffer: csv(ROWS), filename: 'rows.csv' },
      'en-US',
      {
        check: () => {
          duringCheck = progress.snapshot();
          return [];
        },
        write: async (rows) => {
          duringWrite = progress.snapshot();
          return rows.length;
        },
      },
      progress,
    );
    expect(report).toMatchObject({ ok: true, total: ROWS, imported: ROWS });
    expectMonotonic(seen);
    expect(new Set(seen.map((p) => p.phase))).toEqual(new Set(IMPORT_PHASES));
    // The contract's pass advanced the count in steps before the list's own checks ran.
    expect(duringCheck).toMatchObject({ phase: 'check', rowsRead: ROWS });
    expect(duringCheck!.rowsChecked).toBeGreaterThan(0);
    expect(duringCheck!.rowsChecked).toBeLessThan(ROWS);
    // Written rows commit together: none before the write returns.
    expect(duringWrite).toMatchObject({ phase: 'write', rowsChecked: ROWS, rowsWritten: 0 });
    expect(progress.snapshot()).toMatchObject({
      phase: 'write',
      rowsTotal: ROWS,
      rowsRead: ROWS,
      rowsChecked: ROWS,
      rowsWritten: ROWS,
    });
  });

  it('answers others between pieces of the check: a poll sees the count grow', async () => {
    const progress = new ImportProgressTracker(Date.now);
    // What a poll would answer, taken whenever the event loop is free.
    const polled = new Set<number>();
    let polling = true;
    const poll = () => {
      const p = progress.snapshot();
      if (p.phase === 'check') polled.add(p.rowsChecked);
      if (polling) setImmediate(poll);
    };
    setImmediate(poll);
    let checkedBeforeHook = new Set<number>();
    await importSheet(
      sheet,
      { buffer: csv(ROWS), filename: 'rows.csv' },
      'en-US',
      {
        check: () => {
          checkedBeforeHook = new Set(polled);
          return [];
        },
        write: async (rows) => rows.length,
      },
      progress,
    );
    polling = false;
    // Several counts were seen while the contract's pass ran, not only the last one.
    expect(checkedBeforeHook.size).toBeGreaterThan(2);
  });

  it('a refused file stops at the check phase with nothing written', async () => {
    const progress = new ImportProgressTracker();
    const bad = Buffer.from('code,n\nA,1\nB,x\n', 'utf8');
    await expect(
      importSheet(
        sheet,
        { buffer: bad, filename: 'bad.csv' },
        'en-US',
        {
          write: () => Promise.reject(new Error('must not write')),
        },
        progress,
      ),
    ).rejects.toMatchObject({ error: 'IMPORT_REJECTED' });
    expect(progress.snapshot()).toMatchObject({
      phase: 'check',
      rowsRead: 2,
      rowsChecked: 2,
      rowsWritten: 0,
    });
  });
});

describe('GET <list>/import/progress', () => {
  let t: TestApp;
  let operator: Client;
  beforeAll(async () => {
    t = await createTestApp();
    operator = await signedIn(t.app, 'operator');
  });
  afterAll(() => t.close());

  function upload(content: Buffer) {
    const boundary = `----progress${Math.random().toString(16).slice(2)}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.csv"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    return {
      payload: Buffer.concat([head, content, tail]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }

  it('answers null when no import runs, the running import while it runs', async () => {
    for (const path of ['/api/scenic/spots/import/progress', '/api/guides/import/progress']) {
      const none = await operator.get(path);
      expect(none.statusCode, none.body).toBe(200);
      expect(none.json().data).toBeNull();
    }

    // A large file missing the list's required columns: read, then refused.
    const { payload, headers } = upload(csv(5000));
    let done = false;
    const post = operator
      .post('/api/scenic/spots/import', payload, { headers })
      .finally(() => (done = true));
    const seen: ImportProgress[] = [];
    let otherList: unknown = null;
    // Polled as the page does (a pause between polls), not in a tight loop.
    while (!done) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const res = await operator.get('/api/scenic/spots/import/progress');
      expect(res.statusCode, res.body).toBe(200);
      if (res.json().data) seen.push(res.json().data as ImportProgress);
      otherList ??= (await operator.get('/api/guides/import/progress')).json().data;
    }
    expect((await post).statusCode).toBe(400);
    expect(seen.length).toBeGreaterThan(0);
    expectMonotonic(seen);
    expect(seen.every((p) => p.rowsWritten === 0)).toBe(true);
    // The guide list's progress shows no scenic import.
    expect(otherList).toBeNull();

    const after = await operator.get('/api/scenic/spots/import/progress');
    expect(after.json().data).toBeNull();
  });
});
