// Operators' and section teams' command line for section versions (issue 5):
//   npm run sections -- list
//   npm run sections -- publish <name> [--version <v>] [--from <bundle dir>]
//   npm run sections -- pin <env> <name> <version> [--reason <text>]
//   npm run sections -- rollback <env> <name> [--reason <text>]
//   npm run sections -- canary <env> <name> <version> --share <1-99> [--reason <text>]
//   npm run sections -- canary widen|promote|abort <env> <name> [--share <n>] [--reason <text>]
//   npm run sections -- start-local [--env <env>]   (what `npm start` runs)
// It opens the same database as the server (DATABASE_URL, else PGlite under DATA_DIR) and uses
// the same service. PGlite admits one process per data directory: while the server runs on
// PGlite the CLI stops with a clear message (use the Section versions page, or stop the server);
// on PostgreSQL it works beside running servers. Every write is appended to the audit trail.
import os from 'node:os';
import { SECTION_NAMES } from '@console/shared/contracts/menu';
import { ERRORS, formatMessage } from '@console/shared';
import { readEnv, type ServerEnv } from '../config/env';
import { DataDirLockedError, openDatabase } from '../db/client';
import type { Db } from '../db/types';
import { AppError } from '../lib/app-error';
import { appendAudit } from '../modules/audit/queries';
import { runWithAuditContext, type AuditContext } from '../modules/audit/writer';
import { diffRecords } from '../modules/audit/diff';
import type { FieldChange } from '../modules/audit/schema';
import { localBuilds } from '../modules/sections/bundles';
import {
  SectionsService,
  sectionsOptionsFromEnv,
  type Actor,
  type SectionsOptions,
} from '../modules/sections/service';
import {
  endCanaryBody,
  pinSectionBody,
  rollbackSectionBody,
  startCanaryBody,
  widenCanaryBody,
  type CanaryChange,
} from '@console/shared/contracts/sections';

export const USAGE = `Usage: npm run sections -- <command>
  list                                   environments, their pins and every published version
  publish <name> [--version <v>] [--from <dir>]
                                         publish the newest (or the given) build in
                                         remotes/<name>/dist/, or the bundle folder <dir>
  pin <env> <name> <version> [--reason <text>]
  rollback <env> <name> [--reason <text>]
  canary <env> <name> <version> --share <1-99> [--reason <text>]
                                         serve <version> to that share of the users
  canary widen <env> <name> --share <n> [--reason <text>]
  canary promote <env> <name> [--reason <text>]   the canary becomes the pin
  canary abort <env> <name> [--reason <text>]     its users go back to the pin
  start-local [--env <env>]              publish new local builds; pin sections not yet
                                         pinned in <env> (default development); npm start runs it
Sections: ${SECTION_NAMES.join(', ')}`;

export class UsageError extends Error {}

interface Parsed {
  args: string[];
  flags: Record<string, string>;
}

function parse(argv: string[]): Parsed {
  const args: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--')) {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`${a} needs a value`);
      flags[a.slice(2)] = value;
      i++;
    } else args.push(a);
  }
  return { args, flags };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

export interface CliContext {
  db: Db;
  options: SectionsOptions;
  actor: Actor;
  out: (line: string) => void;
}

async function audit(
  ctx: CliContext,
  action: string,
  entityType: string,
  entityId: string,
  diff: Record<string, FieldChange>,
) {
  await appendAudit(ctx.db, {
    at: new Date(),
    userId: ctx.actor.id,
    username: ctx.actor.name.slice(0, 64),
    role: 'cli',
    action,
    entityType,
    entityId,
    diff,
    requestId: '',
    ip: '',
    userAgent: 'sections-cli',
    result: 200,
    durationMs: 0,
  });
}

/** Who the audit trail names for a change made from the command line. */
const cliAuditContext = (ctx: CliContext, command: string): AuditContext => ({
  action: `system.sections.${command}`,
  userId: ctx.actor.id,
  username: ctx.actor.name.slice(0, 64),
  role: 'cli',
  requestId: '',
  ip: '',
  userAgent: 'sections-cli',
  startedAt: performance.now(),
  recorded: false,
});

/** Runs one command; throws UsageError for bad arguments and AppError for refused ones. */
export async function runSectionsCommand(argv: string[], ctx: CliContext): Promise<void> {
  const { args, flags } = parse(argv);
  const [command, ...rest] = args;
  const service = new SectionsService(ctx.db, ctx.options);
  await service.ensureEnvironments();

  switch (command) {
    case 'list': {
      for (const env of await service.listEnvironments()) {
        ctx.out(`${env.name}${env.current ? ' (this server)' : ''}`);
        for (const name of SECTION_NAMES) {
          const pin = env.pins[name];
          ctx.out(
            `  ${name.padEnd(10)} ${pin ? pin.version : '-'}${
              pin?.canary ? `   canary ${pin.canary.version} at ${pin.canary.share}%` : ''
            }${pin?.rollbackTo ? `   (rollback → ${pin.rollbackTo})` : ''}`,
          );
        }
      }
      ctx.out('');
      ctx.out('Published versions');
      const { list } = await service.listVersions({ current: 1, pageSize: 100 });
      if (list.length === 0) ctx.out('  none yet: npm run sections -- publish <name>');
      for (const v of list) {
        const compat = v.compatibility.compatible
          ? 'compatible'
          : `INCOMPATIBLE (${v.compatibility.mismatches.map((m) => `${m.lib} ${m.bundle} vs ${m.host || 'none'}`).join(', ')})`;
        ctx.out(
          `  ${v.section.padEnd(10)} ${v.version.padEnd(28)} built ${v.builtAt}  ${v.commit ?? '-'}  ${mb(v.sizeBytes)}  ${compat}${
            v.pinnedIn.length ? `  pinned in ${v.pinnedIn.join(', ')}` : ''
          }`,
        );
      }
      return;
    }
    case 'publish': {
      const [name] = rest;
      if (!name || rest.length > 1) throw new UsageError('publish takes one section name');
      const published = await service.publish(
        name,
        { version: flags.version, from: flags.from },
        ctx.actor,
      );
      await audit(
        ctx,
        'system.sections.publish',
        'section_version',
        `${published.section}/${published.version}`,
        diffRecords(null, {
          sectionVersion: published.version,
          builtAt: published.builtAt,
          commit: published.commit,
          sizeBytes: published.sizeBytes,
        }),
      );
      ctx.out(
        `Published ${published.section} ${published.version} (${mb(published.sizeBytes)}, commit ${published.commit ?? '-'}).`,
      );
      ctx.out(`Pages: ${published.pages?.pages.map((p) => p.path).join(', ') ?? 'none declared'}.`);
      ctx.out(
        `Pin it with: npm run sections -- pin <env> ${published.section} ${published.version}`,
      );
      return;
    }
    case 'pin':
    case 'rollback': {
      const [environment, name, version] = rest;
      const expected = command === 'pin' ? 3 : 2;
      if (rest.length !== expected) {
        throw new UsageError(
          command === 'pin' ? 'pin takes <env> <name> <version>' : 'rollback takes <env> <name>',
        );
      }
      const reason = flags.reason ?? `${command} from the command line`;
      // The service records the audit row in the pin's transaction, as this CLI user.
      const change = await runWithAuditContext(cliAuditContext(ctx, command), () =>
        command === 'pin'
          ? service.pin(name, pinSectionBody.parse({ environment, version, reason }), ctx.actor)
          : service.rollback(name, rollbackSectionBody.parse({ environment, reason }), ctx.actor),
      );
      ctx.out(
        `${change.environment}: ${change.section} ${change.from ?? '(none)'} → ${change.to}. ` +
          'Consoles pick it up on their next page load.',
      );
      return;
    }
    case 'canary': {
      const change = await runWithAuditContext(cliAuditContext(ctx, 'canary'), () =>
        canaryCommand(service, rest, flags, ctx.actor),
      );
      ctx.out(
        `${change.environment}: ${change.section} pinned ${change.pinned}` +
          (change.canary ? `, canary ${change.canary} at ${change.share}%` : ', no canary') +
          '. Consoles pick it up on their next navigation.',
      );
      return;
    }
    case 'start-local': {
      // npm start (issue 5): a newcomer's sections are published and pinned with no other step.
      const environment = flags.env ?? 'development';
      const envs = await service.listEnvironments();
      const env = envs.find((e) => e.name === environment);
      if (!env) throw new UsageError(`No environment ${environment}`);
      for (const name of SECTION_NAMES) {
        const [newest] = localBuilds(ctx.options.remotesDir, name);
        if (!newest) {
          ctx.out(`${name}: no local build, skipped`);
          continue;
        }
        const { list } = await service.listVersions({ section: name, current: 1, pageSize: 100 });
        if (!list.some((v) => v.version === newest.record.version)) {
          try {
            await runSectionsCommand(['publish', name, '--version', newest.record.version], ctx);
          } catch (err) {
            // One section's bad build must not keep the console from starting.
            ctx.out(`${name}: not published — ${describeError(err)}`);
            continue;
          }
        }
        if (!env.pins[name]) {
          await runSectionsCommand(
            [
              'pin',
              environment,
              name,
              newest.record.version,
              '--reason',
              'first start: the local build',
            ],
            ctx,
          );
        }
      }
      return;
    }
    default:
      throw new UsageError(command ? `Unknown command ${command}` : 'No command given');
  }
}

const CANARY_MOVES = ['widen', 'promote', 'abort'] as const;

/** `canary <env> <name> <version> --share n`, or `canary widen|promote|abort <env> <name>`. */
function canaryCommand(
  service: SectionsService,
  rest: string[],
  flags: Record<string, string>,
  actor: Actor,
): Promise<CanaryChange> {
  const move = (CANARY_MOVES as readonly string[]).includes(rest[0] ?? '') ? rest[0] : 'start';
  const args = move === 'start' ? rest : rest.slice(1);
  const reason = flags.reason ?? `canary ${move} from the command line`;
  const share = () => {
    if (flags.share === undefined) throw new UsageError(`canary ${move} needs --share <1-99>`);
    return Number(flags.share);
  };
  if (move === 'start') {
    if (args.length !== 3) throw new UsageError('canary takes <env> <name> <version> --share <n>');
    const [environment, name, version] = args;
    return service.startCanary(
      name,
      startCanaryBody.parse({ environment, version, share: share(), reason }),
      actor,
    );
  }
  if (args.length !== 2) throw new UsageError(`canary ${move} takes <env> <name>`);
  const [environment, name] = args;
  if (move === 'widen') {
    return service.widenCanary(
      name,
      widenCanaryBody.parse({ environment, share: share(), reason }),
      actor,
    );
  }
  const body = endCanaryBody.parse({ environment, reason });
  return move === 'promote'
    ? service.promoteCanary(name, body, actor)
    : service.abortCanary(name, body, actor);
}

function localeOfShell(): 'zh-CN' | 'en-US' {
  return (process.env.LC_ALL ?? process.env.LANG ?? '').startsWith('zh') ? 'zh-CN' : 'en-US';
}

export function describeError(err: unknown): string {
  if (err instanceof AppError) {
    const locale = localeOfShell();
    const text = err.options.detail
      ? err.options.detail[locale]
      : formatMessage(ERRORS[err.error].msg[locale], err.options.params);
    const fields = err.options.fields?.map((f) => `${f.path}: ${f.message}`).join('; ');
    return `${err.error}: ${text}${fields ? ` (${fields})` : ''}`;
  }
  if (err && typeof err === 'object' && 'issues' in err) {
    const issues = (err as { issues: { path: PropertyKey[]; message: string }[] }).issues;
    return `Invalid arguments: ${issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`;
  }
  return err instanceof Error ? err.message : String(err);
}

export async function main(argv: string[], env: ServerEnv = readEnv()): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    console.log(USAGE);
    return argv.length === 0 ? 1 : 0;
  }
  let database;
  try {
    database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      // The running server runs the command for us (its socket in the data directory).
      const { forwardToServer } = await import('./sections-forward');
      const code = await forwardToServer(env.dataDir, argv, os.userInfo().username, {
        out: (line) => console.log(line),
        err: (line) => console.error(line),
      });
      if (code === 64) console.error(`\n${USAGE}`);
      if (code !== null) return code === 64 ? 1 : code;
      console.error(
        `${err.message}\n` +
          'The running console server holds the embedded database (PGlite admits one process) ' +
          'and did not answer on its socket. Either pin and roll back on the console page System → Section versions, or stop the ' +
          'server, run this command, and start it again. With PostgreSQL (DATABASE_URL) the ' +
          'command works while servers run.',
      );
      return 2;
    }
    throw err;
  }
  try {
    await runSectionsCommand(argv, {
      db: database.db,
      options: sectionsOptionsFromEnv(env),
      actor: { id: null, name: `cli:${os.userInfo().username}` },
      out: (line) => console.log(line),
    });
    return 0;
  } catch (err) {
    console.error(describeError(err));
    if (err instanceof UsageError) console.error(`\n${USAGE}`);
    return 1;
  } finally {
    await database.close();
  }
}

// Run as the CLI itself (not when imported: the server imports this module for its socket,
// and the bundle may move this code into a chunk shared with the server, so the module's own
// URL cannot tell).
if (/[\\/]cli[\\/]sections\.(ts|js)$/.test(process.argv[1] ?? '')) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
