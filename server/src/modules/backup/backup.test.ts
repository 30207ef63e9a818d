// Backup and restore (issue #15 point 6): a backup, changes to every table, a restore, and
// every table is as before (compared by a per-table checksum); damaged, truncated, foreign
// and wrong-version files are refused with nothing changed; PGlite ↔ PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '@console/shared';
import {
  createTestApp,
  dbKind,
  signedIn,
  type Client,
  type TestApp,
} from '../../../test/support/app';
import { openDatabase, type Database } from '../../db/client';
import type { Db } from '../../db/types';
import { SystemConfigService } from '../system-config/service';
import { allTables, dataTables, EPHEMERAL_TABLES, ident } from './tables';
import { BackupService } from './service';
import { verifyChain } from '../audit/log';
import { rowsOf } from './write';
import { LockKey } from '../../db/locks';
import { createLocalBus } from '../../events/bus';
import { leftoverShadows } from './shadow';

/** md5 of each table's rows in a fixed order: derived tables too, sessions aside. */
async function tableChecksums(db: Db, auditUpTo?: number): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of allTables()) {
    if (EPHEMERAL_TABLES.has(t.name)) continue;
    const [row] = rowsOf<{ sum: string; n: number }>(
      await db.execute(
        sql.raw(
          `select md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as sum, count(*)::int as n from ${ident(t.name)} t${t.name === 'audit_log' && auditUpTo !== undefined ? ` where id <= ${auditUpTo}` : ''}`,
        ),
      ),
    );
    out[t.name] = `${row!.n}:${row!.sum}`;
  }
  return out;
}

/** A multipart/form-data body holding one file, as a browser sends it. */
function multipartFile(content: Buffer, filename = 'backup.ndjson.gz') {
  const boundary = `----backup${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: application/gzip\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (client: Client, content: Buffer) => {
  const { payload, headers } = multipartFile(content);
  return client.request({ method: 'POST', url: '/api/backups/restore', payload, headers });
};

/** The lines of a backup, and the same lines packed again with a correct trailer. */
const unpack = (file: Buffer) => zlib.gunzipSync(file).toString('utf8').trimEnd().split('\n');
function repack(lines: string[]): Buffer {
  const body = lines
    .slice(0, -1)
    .map((l) => l + '\n')
    .join('');
  const trailer = JSON.parse(lines.at(-1)!) as [string, Record<string, unknown>];
  trailer[1].sha256 = createHash('sha256').update(body).digest('hex');
  return zlib.gzipSync(body + JSON.stringify(trailer) + '\n');
}

/**
 * A format 1 backup of `db` (every row a JSON object, as servers wrote them before issue 25
 * point 16), written here as that writer did, so that such files are known to restore.
 */
async function formatOneBackup(db: Db): Promise<Buffer> {
  const { currentSchema, currentAppVersion } = await import('./format');
  const schema = currentSchema();
  const lines = [
    JSON.stringify({
      product: 'tour-console-backup',
      format: 1,
      schemaVersion: schema.version,
      migrations: schema.tags,
      appVersion: currentAppVersion(),
      createdAt: new Date().toISOString(),
      kind: 'manual',
      database: dbKind(),
    }),
  ];
  let rows = 0;
  for (const table of dataTables()) {
    lines.push(JSON.stringify(['table', table.name, table.columns]));
    const texts = rowsOf<{ j: string }>(
      await db.execute(sql.raw(`select row_to_json(t)::text as j from ${ident(table.name)} t`)),
    ).map((r) => r.j);
    lines.push(...texts, JSON.stringify(['end', table.name, texts.length]));
    rows += texts.length;
  }
  const body = lines.map((l) => l + '\n').join('');
  const sha256 = createHash('sha256').update(body).digest('hex');
  const trailer = ['trailer', { sha256, rows, tables: dataTables().length }];
  return zlib.gzipSync(body + JSON.stringify(trailer) + '\n');
}

let t: TestApp;
let admin: Client;
let backupDir: string;

beforeAll(async () => {
  backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
  t = await createTestApp({ backupDir });
  admin = await signedIn(t.app, 'admin');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

/** Rows for the tables the seed leaves empty (a bytea, a bigint, jsonb among them). */
const FILL = [
  `insert into scenic_gate_keys (spot_id, name, key_hash, prefix)
     select id, 'gate', md5('a') || md5('b'), 'pfx' from scenic_spots order by id limit 1`,
  `insert into section_versions (section, version, built_at, size_bytes, shared)
     values ('guide', '9.9.9', now(), 9007199254740991, '{"react":"19.0.0"}')`,
  `insert into section_pins (environment_id, section, section_version_id)
     select e.id, 'backup-test', v.id from section_environments e, section_versions v limit 1`,
  `insert into section_pin_history (environment_id, section, action, to_version, reason, actor)
     select id, 'guide', 'pin', '9.9.9', 'a line
break and a "quote"', 'admin' from section_environments limit 1`,
  `insert into system_config (key, value) values ('capacity.warningPercent', '85')`,
  `insert into user_avatars (user_id, mime, data) values (1, 'image/png', '\\x89504e470d0a1a0a00ff'::bytea)`,
];

/** Data tables without rows. */
async function emptyTables(db: Db) {
  const empty: string[] = [];
  for (const table of dataTables()) {
    const [r] = rowsOf<{ n: number }>(
      await db.execute(sql.raw(`select count(*)::int as n from ${ident(table.name)}`)),
    );
    if (r!.n === 0) empty.push(table.name);
  }
  return empty;
}

// Each restore takes a pre-restore backup and reads its file twice: seconds on a busy machine.
describe('backup and restore', { timeout: 180_000 }, () => {
  it('restores every table exactly as it was after rows changed in every table', async () => {
    for (const q of FILL) {
      if ((await emptyTables(t.services.db)).includes(q.split(/\s+/)[2]!)) {
        await t.services.db.execute(sql.raw(q));
      }
    }
    // A table added later that its module's seed leaves empty is still backed up (the count
    // of tables below); only its rows cannot be compared.
    const empty = await emptyTables(t.services.db);
    const [top] = rowsOf<{ id: number }>(
      await t.services.db.execute(sql`select max(id)::int as id from audit_log`),
    );
    const before = await tableChecksums(t.services.db);
    const made = await admin.post('/api/backups', {});
    expect(made.statusCode, made.body).toBe(200);
    const item = made.json().data;
    expect(item).toMatchObject({ kind: 'manual', schemaVersion: expect.any(Number) });
    expect(item.sha256).toMatch(/^[0-9a-f]{64}$/);
    const list = (await admin.get('/api/backups')).json().data;
    expect(list.list.map((b: { id: string }) => b.id)).toContain(item.id);
    const download = await admin.get(`/api/backups/${item.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    const file = download.rawPayload;
    expect(file.length).toBe(item.size);
    // The checksum shown is the downloaded file's (sha256sum of the download), and named so.
    const fileHash = createHash('sha256').update(file).digest('hex');
    expect(item.fileSha256).toBe(fileHash);
    expect(download.headers['x-backup-sha256']).toBe(fileHash);
    expect(list.list.find((b: { id: string }) => b.id === item.id).fileSha256).toBe(fileHash);
    // The content's checksum (the trailer's) is the other one, named apart.
    expect(item.sha256).toBe(JSON.parse(unpack(file).at(-1)!)[1].sha256);
    expect(download.headers['x-backup-content-sha256']).toBe(item.sha256);
    // A backup described before the file's checksum was kept gets it computed once.
    const metaFile = path.join(backupDir, `${item.id}.json`);
    const legacy = JSON.parse(fs.readFileSync(metaFile, 'utf8'));
    delete legacy.fileSha256;
    fs.writeFileSync(metaFile, JSON.stringify(legacy));
    expect(t.services.backup.store.get(item.id)?.fileSha256).toBe(fileHash);
    const lines = unpack(file);
    expect(JSON.parse(lines[0]!)).toMatchObject({ product: 'tour-console-backup', format: 2 });
    expect(lines.filter((l) => l.startsWith('["table",')).length).toBe(dataTables().length);
    // Format 2: each table's rows in COPY text, ended by COPY's own `\.` line.
    expect(lines.filter((l) => l === '\\.').length).toBe(dataTables().length);
    const usersAt = lines.findIndex((l) => l.startsWith('["table","users",'));
    const userColumns = JSON.parse(lines[usersAt]!)[2] as string[];
    expect(lines[usersAt + 1]!.split('\t')).toHaveLength(userColumns.length);

    // Change every table: delete one row of each (with what cascades) and change another.
    const operator = await signedIn(t.app, 'operator');
    for (const table of [...dataTables()].reverse()) {
      const name = ident(table.name);
      // The first row that nothing keeps (a RESTRICT key, e.g. a guide on a team, refuses).
      const rows = (await t.services.db.execute(
        sql.raw(`select ctid::text as c from ${name} limit 50`),
      )) as unknown as { rows: { c: string }[] };
      for (const { c } of rows.rows) {
        try {
          await t.services.db.transaction((tx) =>
            tx.execute(sql.raw(`delete from ${name} where ctid = '${c}'::tid`)),
          );
          break;
        } catch {
          // referenced: try the next row
        }
      }
    }
    const after = await tableChecksums(t.services.db);
    for (const table of dataTables()) {
      if (!empty.includes(table.name))
        expect(after[table.name], table.name).not.toBe(before[table.name]);
    }

    // Restored through the service: the admin's own row may be among those deleted.
    const restored = await t.services.backup.restore(
      t.services.backup.store.fileOf(item.id),
      item.id,
      { userId: 1, username: 'admin', sessionId: 0 },
    );
    expect(restored.restored.sha256).toBe(item.sha256);
    expect(await tableChecksums(t.services.db, top!.id)).toEqual(before);
    // The trail kept the rows written since the backup; the restore's own row is the last.
    const [last] = rowsOf<{ action: string; entity_id: string }>(
      await t.services.db.execute(
        sql`select action, entity_id from audit_log order by id desc limit 1`,
      ),
    );
    expect(last).toEqual({ action: 'system', entity_id: item.id });
    expect(
      rowsOf<{ n: number }>(
        await t.services.db.execute(
          sql`select count(*)::int as n from audit_log where id > ${top!.id} and action = 'backup.create'`,
        ),
      )[0]!.n,
    ).toBe(1);
    // Everyone was signed out (no session of the restorer to keep).
    expect((await operator.get('/api/user/info')).statusCode).toBe(401);
    expect((await admin.get('/api/user/info')).statusCode).toBe(401);
    // Sequences follow the restored rows: new rows get fresh ids.
    admin = await signedIn(t.app, 'admin');
    for (const table of ['audit_log', 'guides', 'users']) {
      const [r] = rowsOf<{ max: number; next: number }>(
        await t.services.db.execute(
          sql.raw(
            `select (select max(id) from ${table})::int as max, nextval(pg_get_serial_sequence('${table}', 'id'))::int as next`,
          ),
        ),
      );
      expect(r!.next, table).toBeGreaterThan(r!.max);
    }
    const kinds = (await admin.get('/api/backups?pageSize=100'))
      .json()
      .data.list.map((b: { kind: string }) => b.kind);
    expect(kinds).toContain('pre-restore');
  });

  it('restores an uploaded file in the UI route, keeps the restorer signed in and audits it', async () => {
    const operator = await signedIn(t.app, 'operator');
    const made = (await admin.post('/api/backups', {})).json().data;
    const file = (await admin.get(`/api/backups/${made.id}/download`)).rawPayload;
    const before = await tableChecksums(t.services.db);
    // A change after the backup: a new guide-less role description.
    await t.services.db.execute(sql`update roles set description = 'changed' where code = 'user'`);
    expect(await tableChecksums(t.services.db)).not.toEqual(before);

    const res = await upload(admin, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.keptOwnSession).toBe(true);
    const now = await tableChecksums(t.services.db);
    // Identical but for the restore's own audit row, added after the replacement.
    expect({ ...now, audit_log: '' }).toEqual({ ...before, audit_log: '' });
    const [last] = rowsOf<{ action: string; username: string }>(
      await t.services.db.execute(
        sql`select action, username from audit_log order by id desc limit 1`,
      ),
    );
    expect(last).toEqual({ action: 'backup.restore', username: 'admin' });
    expect((await admin.get('/api/user/info')).statusCode).toBe(200);
    expect((await operator.get('/api/user/info')).statusCode).toBe(401);

    // Restoring a stored backup needs the explicit confirmation.
    expect((await admin.post(`/api/backups/${made.id}/restore`, {})).statusCode).toBe(400);
    const again = await admin.post(`/api/backups/${made.id}/restore`, { confirm: true });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('restores a format 1 file (rows as JSON, written before issue 25 point 16), every table as it was', async () => {
    const before = await tableChecksums(t.services.db);
    const file = await formatOneBackup(t.services.db);
    expect(JSON.parse(unpack(file)[0]!)).toMatchObject({ format: 1 });
    await t.services.db.execute(sql`update roles set description = 'changed' where code = 'user'`);
    await t.services.db.execute(sql`delete from guide_languages`);
    expect(await tableChecksums(t.services.db)).not.toEqual(before);
    const res = await upload(admin, file);
    expect(res.statusCode, res.body).toBe(200);
    const now = await tableChecksums(t.services.db);
    // Identical but for the restore's own audit row, added after the replacement.
    expect({ ...now, audit_log: '' }).toEqual({ ...before, audit_log: '' });
    const recorded = rowsOf<{ diff: { auditRows: { after: Record<string, number> } } }>(
      await t.services.db.execute(sql`select diff from audit_log order by id desc limit 1`),
    )[0]!.diff;
    expect(recorded.auditRows.after.alreadyPresent).toBe(recorded.auditRows.after.inBackup);
  });

  it('a restore keeps every audit row, even those written after the backup, and records itself; the chain verifies', async () => {
    const made = (await admin.post('/api/backups', {})).json().data;
    const file = (await admin.get(`/api/backups/${made.id}/download`)).rawPayload;
    // Audited changes after the backup.
    expect((await admin.post('/api/audit/verify', {})).statusCode).toBe(200);
    expect((await admin.post('/api/backups', {})).statusCode).toBe(200);
    const trail = async () =>
      rowsOf<{ id: number; hash: string; action: string; result: number; diff: unknown }>(
        await t.services.db.execute(
          sql`select id::int as id, hash, action, result, diff from audit_log order by id`,
        ),
      );
    const before = await trail();

    // A refused restore, then a good one.
    const refused = await upload(admin, file.subarray(0, Math.floor(file.length / 2)));
    expect(refused.statusCode).toBe(400);
    const res = await admin.post(`/api/backups/${made.id}/restore`, { confirm: true });
    expect(res.statusCode, res.body).toBe(200);

    const after = await trail();
    // Every row is still there, unchanged, and nothing of the backup's trail came twice.
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).map((r) => [r.action, r.result])).toEqual([
      ['backup.restore', 400],
      ['backup.restore', 200],
    ]);
    const recorded = after.at(-1)!.diff as { auditRows: { after: Record<string, number> } };
    expect(recorded.auditRows.after).toMatchObject({ appended: 0, purged: 0, putBack: 0 });
    expect(recorded.auditRows.after.alreadyPresent).toBe(recorded.auditRows.after.inBackup);
    const verified = await admin.post('/api/audit/verify', {});
    expect(verified.json().data).toMatchObject({ intact: true, firstBrokenId: null });
  });

  it('refuses a flipped byte, a truncated file, a foreign file and another version, changing nothing', async () => {
    const made = (await admin.post('/api/backups', {})).json().data;
    const file = (await admin.get(`/api/backups/${made.id}/download`)).rawPayload;
    const lines = unpack(file);
    const stored = (await admin.get('/api/backups?pageSize=100')).json().data.total;

    const flipped = Buffer.from(file);
    flipped[Math.floor(flipped.length / 2)]! ^= 0x01;
    // A flipped byte inside the content, gzip'd again with a valid gzip checksum: only the
    // file's own SHA-256 can tell.
    const inner = zlib.gunzipSync(file);
    const innerFlipped = Buffer.from(inner);
    const at = inner.indexOf('\tadmin\t');
    innerFlipped[at + 2] = 'b'.charCodeAt(0);
    const header = JSON.parse(lines[0]!);
    const otherVersion = repack([
      JSON.stringify({
        ...header,
        schemaVersion: header.schemaVersion + 1,
        migrations: [...header.migrations, '9999_future'],
      }),
      ...lines.slice(1),
    ]);
    const unknownTable = repack([
      lines[0]!,
      JSON.stringify(['table', 'no_such_table', ['id']]),
      '1',
      '\\.',
      JSON.stringify(['end', 'no_such_table', 1]),
      ...lines.slice(1, -1),
      (() => {
        const tr = JSON.parse(lines.at(-1)!);
        tr[1].rows += 1;
        tr[1].tables += 1;
        return JSON.stringify(tr);
      })(),
    ]);
    // A user role pointing at a user that is not in the file.
    const userRolesAt = lines.findIndex((l) => l.startsWith('["table","user_roles"'));
    const userIdAt = (JSON.parse(lines[userRolesAt]!)[2] as string[]).indexOf('user_id');
    const brokenRef = repack(
      lines.map((l, i) =>
        i === userRolesAt + 1
          ? l
              .split('\t')
              .map((v, j) => (j === userIdAt ? '999999' : v))
              .join('\t')
          : l,
      ),
    );
    // A row with a field too many.
    const extraField = repack(lines.map((l, i) => (i === userRolesAt + 1 ? `${l}\t1` : l)));
    const cases: [string, Buffer, string][] = [
      ['flipped byte', flipped, 'BACKUP_CORRUPT'],
      ['flipped byte, re-gzipped', zlib.gzipSync(innerFlipped), 'BACKUP_CORRUPT'],
      ['truncated', file.subarray(0, Math.floor(file.length * 0.6)), 'BACKUP_CORRUPT'],
      [
        'truncated at a line',
        zlib.gzipSync(lines.slice(0, -3).join('\n') + '\n'),
        'BACKUP_CORRUPT',
      ],
      ['another product', zlib.gzipSync('{"product":"other","format":1}\n'), 'BACKUP_FOREIGN'],
      ['not gzip', Buffer.from('PK\u0003\u0004 a spreadsheet'), 'BACKUP_FOREIGN'],
      ['empty', Buffer.alloc(0), 'BACKUP_FOREIGN'],
      ['newer version', otherVersion, 'BACKUP_VERSION'],
      ['unknown table', unknownTable, 'BACKUP_INCONSISTENT'],
      ['broken reference', brokenRef, 'BACKUP_INCONSISTENT'],
      ['a field too many', extraField, 'BACKUP_CORRUPT'],
    ];
    const before = await tableChecksums(t.services.db);
    for (const [name, content, error] of cases) {
      const res = await upload(admin, content);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().error, name).toBe(error);
      const now = await tableChecksums(t.services.db);
      // The refusal's own audit row is the only change.
      expect({ ...now, audit_log: '' }, name).toEqual({ ...before, audit_log: '' });
    }
    // No pre-restore backup was taken for any of them.
    expect((await admin.get('/api/backups?pageSize=100')).json().data.total).toBe(stored);
    // The message says what happened, in the caller's language.
    const zh = await admin.request({
      ...multipartFile(file.subarray(0, 100)),
      method: 'POST',
      url: '/api/backups/restore',
      headers: { ...multipartFile(Buffer.alloc(0)).headers, 'x-locale': 'zh-CN' },
    });
    expect(zh.statusCode).toBe(400);
  });

  it('answers other requests between the chunks of a backup (PGlite: one connection)', async () => {
    // Issue 25 point 12: a request sent after the first chunk is answered before the last one,
    // not once the whole backup is written.
    const order: string[] = [];
    let asked: Promise<void> | undefined;
    const progress: { tablesDone: number; tables: number; rowsDone: number }[] = [];
    const item = await t.services.backup.create('manual', (p) => {
      order.push('chunk');
      progress.push(p);
      asked ??= t.app
        .inject({ method: 'GET', url: '/api/health' })
        .then((res) => void order.push(`request ${res.statusCode}`));
    });
    await asked;
    const answered = order.indexOf('request 200');
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThan(order.lastIndexOf('chunk'));
    // The progress counts up to every table and row of the backup.
    expect(progress.at(-1)).toMatchObject({ tablesDone: item.tables, rowsDone: item.rows });
  });

  it('answers a request while a restore loads its rows and builds its tables (PGlite: one connection)', async () => {
    if (dbKind() !== 'pglite') return; // PostgreSQL answers on other connections.
    // Issue 25 point 16: the replaced tables are loaded and built beside the live ones, outside
    // the restore's transaction; a request sent meanwhile is answered before the restore's
    // last step, not once its transaction ends. Rows enough for several pieces.
    await t.services.db.execute(sql`
      insert into guide_specialties (guide_id, specialty)
      select g.id, 'filler ' || i || ' ' || repeat('x', 40) from guides g, generate_series(1, 400) as i
      on conflict do nothing`);
    const made = await t.services.backup.create('manual');
    const order: string[] = [];
    const shadows: string[][] = [];
    let asked: Promise<void> | undefined;
    await t.services.backup.restoreStored(
      made.id,
      { userId: 1, username: 'admin', sessionId: 0 },
      (p) => {
        order.push(p.phase);
        if (p.phase === 'replace' && p.rowsDone > 0) {
          asked ??= (async () => {
            const res = await t.app.inject({ method: 'GET', url: '/api/health' });
            order.push(`request ${res.statusCode}`);
            // The rows go into the shadow tables meanwhile, the live ones are untouched.
            shadows.push(await leftoverShadows(t.services.db));
          })();
        }
      },
    );
    order.push('restored');
    await asked;
    const answered = order.indexOf('request 200');
    expect(answered).toBeGreaterThan(order.indexOf('replace'));
    // More of the restore's progress came after the answer: it was not held to the end.
    expect(answered).toBeLessThan(order.lastIndexOf('rebuild'));
    expect(shadows[0]).toHaveLength(1);
    // Nothing of the shadow schema is left.
    expect(await leftoverShadows(t.services.db)).toEqual([]);
    await t.services.db.execute(sql`delete from guide_specialties where specialty like 'filler %'`);
    admin = await signedIn(t.app, 'admin');
  });

  it('a restore failing midway leaves every table as it was and nothing of its own behind', async () => {
    const made = (await admin.post('/api/backups', {})).json().data;
    const lines = unpack((await admin.get(`/api/backups/${made.id}/download`)).rawPayload);
    // Rows the checks before the restore accept and the database refuses, in a table loaded
    // late (a guide twice: its key) or early (a team ending before it starts: its check).
    const guidesAt = lines.findIndex((l) => l.startsWith('["table","guides"'));
    const teamsAt = lines.findIndex((l) => l.startsWith('["table","teams"'));
    const teamColumns = JSON.parse(lines[teamsAt]!)[2] as string[];
    const [start, end] = ['start_date', 'end_date'].map((c) => teamColumns.indexOf(c));
    expect(lines[guidesAt + 1]).not.toBe('\\.');
    const twice = repack(
      lines
        .flatMap((l, i) => (i === guidesAt + 1 ? [l, l] : [l]))
        .map((l) => {
          // The table's row count, then the file's.
          if (l.startsWith('["end","guides"'))
            return JSON.stringify(['end', 'guides', JSON.parse(l)[2] + 1]);
          if (!l.startsWith('["trailer"')) return l;
          const trailer = JSON.parse(l) as [string, { rows: number }];
          trailer[1].rows += 1;
          return JSON.stringify(trailer);
        }),
    );
    const files: [string, Buffer][] = [['a key twice', twice]];
    if (lines[teamsAt + 1] !== '\\.') {
      const backwards = repack(
        lines.map((l, i) => {
          if (i !== teamsAt + 1) return l;
          const f = l.split('\t');
          [f[start!], f[end!]] = ['2030-01-10', '2030-01-01'];
          return f.join('\t');
        }),
      );
      files.push(['a period ending before it starts', backwards]);
    }
    const stored = t.services.backup.store.list().length;
    for (const [name, content] of files) {
      const file = path.join(backupDir, `broken-${randomUUID()}.ndjson.gz`);
      fs.writeFileSync(file, content);
      const before = await tableChecksums(t.services.db);
      const phases = new Set<string>();
      await expect(
        t.services.backup.restore(
          file,
          null,
          { userId: 1, username: 'admin', sessionId: 0 },
          undefined,
          (p) => phases.add(p.phase),
        ),
        name,
      ).rejects.toThrow();
      fs.rmSync(file);
      // It got past the checks and into the rows.
      expect(phases.has('replace'), name).toBe(true);
      expect(await tableChecksums(t.services.db), name).toEqual(before);
      expect(await leftoverShadows(t.services.db), name).toEqual([]);
      const staged = rowsOf<{ n: number }>(
        await t.services.db.execute(
          sql`select count(*)::int as n from pg_class where starts_with(relname, 'restore_')`,
        ),
      );
      expect(staged[0]!.n, name).toBe(0);
    }
    // Each took its pre-restore backup, which stays.
    expect(t.services.backup.store.list().length).toBe(stored + files.length);
    // The admin is still signed in: nothing changed.
    expect((await admin.get('/api/user/info')).statusCode).toBe(200);
  });

  it('deletes a backup and keeps only the configured number of scheduled ones', async () => {
    await t.services.config.set('backup.retentionCount', 2, null);
    for (let i = 0; i < 3; i++) await t.services.backup.create('scheduled');
    const scheduled = t.services.backup.store.list().filter((b) => b.kind === 'scheduled');
    expect(scheduled).toHaveLength(2);
    const id = scheduled[0]!.id;
    expect((await admin.delete(`/api/backups/${id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/backups/${id}/download`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/backups/${id}`)).statusCode).toBe(404);
    expect((await admin.get('/api/backups/..%2F..%2Fetc/download')).statusCode).toBe(400);
    const status = (await admin.get('/api/backups/status')).json().data;
    expect(status).toMatchObject({
      scheduleCron: '0 3 * * *',
      scheduleValid: true,
      retentionCount: 2,
    });
    expect(new Date(status.nextRunAt).getTime()).toBeGreaterThan(Date.now());
  });
});

/** Each audit row's time, action and request, in the trail's order. */
const auditRequestIds = async (db: Db) =>
  rowsOf<{ k: string }>(
    await db.execute(
      sql`select to_json(at)::text || ' ' || action || ' ' || request_id || ' ' || result as k from audit_log order by id`,
    ),
  ).map((r) => [r.k]);

/** A fresh, migrated database of the other kind than the test run's, or null. */
async function otherDatabase(): Promise<{ database: Database; drop(): Promise<void> } | null> {
  if (dbKind() === 'postgres') {
    return { database: await openDatabase({ memory: true }), drop: async () => {} };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return null;
  const name = `backup_cross_${randomUUID().slice(0, 8)}`;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`create database "${name}"`);
  await c.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString() });
  return {
    database,
    drop: async () => {
      const d = new pg.Client({ connectionString: url });
      await d.connect();
      await d.query(`drop database if exists "${name}" with (force)`);
      await d.end();
    },
  };
}

describe('across PGlite and PostgreSQL', { timeout: 240_000 }, () => {
  it('a backup of one restores on the other and back, every table identical', async () => {
    const other = await otherDatabase();
    if (!other) return; // PostgreSQL is not configured for this run (TEST_DATABASE_URL).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-cross-'));
    try {
      const db = other.database.db;
      const service = new BackupService(
        db,
        dir,
        new SystemConfigService(db),
        systemClock,
        createLocalBus(),
      );
      const source = await tableChecksums(t.services.db);
      const sourceTrail = await auditRequestIds(t.services.db);
      const made = await t.services.backup.create('manual');
      const file = t.services.backup.store.fileOf(made.id);
      const by = { userId: 1, username: 'admin', sessionId: 0 };
      const otherTrail = await auditRequestIds(db);
      await service.restore(file, null, by);
      const there = await tableChecksums(db);
      expect({ ...there, audit_log: '' }).toEqual({ ...source, audit_log: '' });
      // Another database's trail: its rows are appended after the trail's own, which stay;
      // the chain verifies.
      const merged = await auditRequestIds(db);
      expect(merged.slice(0, otherTrail.length)).toEqual(otherTrail);
      expect(merged.slice(otherTrail.length, otherTrail.length + sourceTrail.length)).toEqual(
        sourceTrail,
      );
      expect(await verifyChain(db)).toMatchObject({ intact: true });
      // And back: the other database's backup restores here.
      const back = await service.create('manual');
      await t.services.backup.restore(service.store.fileOf(back.id), null, by);
      const here = await tableChecksums(t.services.db);
      const again = await tableChecksums(db);
      expect({ ...here, audit_log: '' }).toEqual({ ...again, audit_log: '' });
      expect(here.guides).toBe(source.guides);
      // Back home, the rows that came back are not added twice.
      const home = await auditRequestIds(t.services.db);
      const seen = new Set<string>();
      const twice = home.map((r) => r.join('|')).filter((k) => seen.has(k) || !seen.add(k));
      expect(twice).toEqual([]);
      expect(await verifyChain(t.services.db)).toMatchObject({ intact: true });
      admin = await signedIn(t.app, 'admin');
    } finally {
      await other.database.close();
      await other.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the schedule', { timeout: 120_000 }, () => {
  it('runs backup.scheduleCron from the configuration, and nothing for an invalid one', async () => {
    const { startBackupSchedule } = await import('../../jobs/backup');
    const count = () => t.services.backup.store.list().filter((b) => b.kind === 'scheduled').length;
    await t.services.config.set('backup.retentionCount', 50, null);
    await t.services.config.set('backup.scheduleCron', 'not a cron', null);
    expect((await t.services.backup.status()).scheduleValid).toBe(false);
    // The schedule has read the expression and refused it when it says so in its log.
    let refused!: () => void;
    const refusal = new Promise<void>((resolve) => (refused = resolve));
    const log = {
      info: () => {},
      warn: (obj: { pattern?: string }) => {
        if (obj?.pattern === 'not a cron') refused();
      },
      error: () => {},
    } as never;
    const before = count();
    let schedule = startBackupSchedule(t.services, log, 'Asia/Shanghai');
    await refusal;
    await schedule.stop();
    expect(count()).toBe(before);
    // Every second (croner's six-field form): a scheduled backup appears.
    await t.services.config.set('backup.scheduleCron', '* * * * * *', null);
    schedule = startBackupSchedule(t.services, log, 'Asia/Shanghai');
    await expect.poll(count, { timeout: 60_000, interval: 500 }).toBeGreaterThan(before);
    await schedule.stop();
    await t.services.config.set('backup.scheduleCron', '0 3 * * *', null);
  });

  it('skips while another instance holds the backup lock (PostgreSQL)', async () => {
    if (dbKind() !== 'postgres') return; // PGlite has one connection: no other instance.
    const url = t.database.url!;
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [LockKey.Backup]);
      await expect(t.services.backup.create('manual')).rejects.toMatchObject({
        error: 'BACKUP_BUSY',
      });
      await other.query('select pg_advisory_unlock($1)', [LockKey.Backup]);
      await expect(t.services.backup.create('manual')).resolves.toMatchObject({ kind: 'manual' });
    } finally {
      await other.end();
    }
  });
});
