// Backups from the command line (issue 25 point 16), through the running server's API — on
// PGlite the server holds the data directory alone (architecture.md, "Known pitfalls"), and on
// PostgreSQL this keeps one BACKUP_BUSY rule and one audit trail:
//   npm run backup -- create                  (or npx tsx server/src/cli/backup.ts create)
//   npm run backup -- restore <backup id>
//   npm run backup -- progress                (follows whatever runs now)
// CONSOLE_URL (default http://127.0.0.1:8080), CONSOLE_USER and CONSOLE_PASSWORD: an account
// with system:backup. While the operation runs, a bar shows the phase, tables and rows done and
// the time left (GET /api/backups/progress, once a second).
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  type BackupItem,
  type BackupProgress,
} from '@console/shared';

const PHASES: Record<BackupProgress['phase'], string> = {
  backup: 'Backing up',
  validate: 'Checking the file',
  'pre-restore': 'Backing up the current data',
  audit: 'Checking the backup’s operation log',
  replace: 'Restoring the data',
  rebuild: 'Rebuilding indexes and foreign keys',
};
const BAR = 30;
const POLL_MS = 1000;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export function progressLine(p: BackupProgress): string {
  const filled = Math.round((p.percent / 100) * BAR);
  const left =
    p.secondsLeft === null
      ? 'estimating'
      : `~${p.secondsLeft >= 60 ? `${Math.floor(p.secondsLeft / 60)} min ` : ''}${p.secondsLeft % 60} s left`;
  return (
    `[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}] ${String(p.percent).padStart(3)}% ` +
    `${PHASES[p.phase]} · tables ${p.tablesDone}/${p.tables} · ` +
    `rows ${p.rowsDone.toLocaleString('en')}/${p.rowsTotal.toLocaleString('en')} · ${left}`
  );
}

async function main(argv: string[]) {
  const [command, id] = argv;
  const base = (process.env.CONSOLE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
  const username = process.env.CONSOLE_USER;
  const password = process.env.CONSOLE_PASSWORD;
  if (
    !['create', 'restore', 'progress'].includes(command ?? '') ||
    (command === 'restore' && !id)
  ) {
    throw new Error('Usage: backup.ts create | restore <backup id> | progress');
  }
  if (!username || !password) throw new Error('Set CONSOLE_USER and CONSOLE_PASSWORD.');

  const headers: Record<string, string> = {
    [CSRF_HEADER]: CSRF_HEADER_VALUE,
    'content-type': 'application/json',
  };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json()) as Envelope<T>;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${answer.msg}`);
    return answer.data;
  };
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`Sign-in failed: ${login.status}`);
  headers.cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

  const started =
    command === 'create'
      ? call<BackupItem>('POST', '/backups', {})
      : command === 'restore'
        ? call<unknown>('POST', `/backups/${encodeURIComponent(id!)}/restore`, { confirm: true })
        : null;
  let finished = false;
  void started?.finally(() => (finished = true)).catch(() => {});
  const tty = process.stdout.isTTY;
  for (;;) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    if (finished) break;
    const p = await call<BackupProgress | null>('GET', '/backups/progress');
    if (!p) {
      if (!started) break;
      continue;
    }
    process.stdout.write(tty ? `\r${progressLine(p)}\x1b[K` : `${progressLine(p)}\n`);
  }
  if (tty) process.stdout.write('\n');
  if (started) console.log(JSON.stringify(await started, null, 2));
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
