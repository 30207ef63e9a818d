// Section versions (product.md, "Section versions"; issue 5): publishing bundles into the
// section store, environments, pins, rollback and the pin history. Used by the API routes and
// by the operators' CLI (server/src/cli/sections.ts) alike.
import path from 'node:path';
import {
  canaryBucket,
  DEFAULT_ENVIRONMENTS,
  inCanary,
  isSectionName,
  SECTION_VERSION_PATTERN,
  type CanaryChange,
  type CreateEnvironmentBody,
  type EndCanaryBody,
  type PinAction,
  type SectionBuckets,
  type StartCanaryBody,
  type WidenCanaryBody,
  type PinChange,
  type PinHistoryEntry,
  type PinHistoryQuery,
  type PinSectionBody,
  type PublishedSectionVersion,
  type RollbackSectionBody,
  type SectionEnvironment,
  type SectionPinsResponse,
  type SectionVersionsQuery,
} from '@console/shared/contracts/sections';
import { SECTION_NAMES, type SectionName } from '@console/shared/contracts/menu';
import type { Db, Tx } from '../../db/types';
import { REPO_ROOT, type ServerEnv } from '../../config/env';
import { AppError, conflict, notFound } from '../../lib/app-error';
import {
  bundleInStore,
  BundleError,
  DEV_PORTS,
  localBuilds,
  manifestUrl,
  readBundle,
  readDeclaredPages,
  readSourcePages,
  stageBundle,
  storeBundleDir,
} from './bundles';
import { checkCompatibility, describeMismatches, readHostRanges } from './compatibility';
import { checkSectionPages } from './pages';
import { diffRecords } from '../audit/diff';
import { recordAudit } from '../audit/writer';
import { createLocalBus, type Emit, type EventBus } from '../../events/bus';
import * as q from './queries';

export type Actor = q.Actor;

export interface SectionsOptions {
  /** The section store (SECTIONS_DIR). */
  storeDir: string;
  /** Where `<name>/dist/<version>/` builds are found (the repository's `remotes`). */
  remotesDir: string;
  /** The host's package.json: its dependency ranges decide compatibility. */
  hostPackageJson: string;
  /** The environment this server runs as (APP_ENV). */
  appEnv: string;
  /** Pins point at the dev servers (DEV_SECTIONS=1). */
  devSections: boolean;
}

const both = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

function requireSection(name: string): SectionName {
  if (!isSectionName(name)) throw notFound(both(`模块 ${name} 不存在`, `No section ${name}`));
  return name;
}

/**
 * "Back to the previous pin": pins push the version they replaced, rollbacks pop it, so
 * repeated rollbacks walk back through the pins in order.
 */
function rollbackTarget(history: q.HistoryRow[]): string | null {
  const stack: (string | null)[] = [];
  for (const entry of history) {
    // A promoted canary replaced the pin as a pin does; canary moves leave the pin alone.
    if (entry.action === 'pin' || entry.action === 'promote') stack.push(entry.fromVersion);
    else if (entry.action === 'rollback') stack.pop();
  }
  return stack.at(-1) ?? null;
}

export class SectionsService {
  constructor(
    private readonly db: Db,
    readonly options: SectionsOptions,
    private readonly events: EventBus = createLocalBus(),
  ) {}

  /** The default environments and the server's own exist in every database. */
  async ensureEnvironments() {
    const names = new Set<string>([...DEFAULT_ENVIRONMENTS, this.options.appEnv]);
    await q.ensureEnvironments(
      this.db,
      [...names].map((name) => ({
        name,
        builtIn: (DEFAULT_ENVIRONMENTS as readonly string[]).includes(name),
        description: '',
      })),
    );
  }

  hostRanges(): Record<string, string> {
    return readHostRanges(this.options.hostPackageJson);
  }

  /**
   * What the host loads in this server's environment: for a signed-in user, a canaried
   * section's version by the user's bucket (issue 30); before sign-in, the pinned versions.
   */
  async pins(
    userId: number | null = null,
  ): Promise<SectionPinsResponse & { environmentId: number | null }> {
    const environment = this.options.appEnv;
    const personal = userId !== null;
    const sections: SectionPinsResponse['sections'] = {};
    if (this.options.devSections) {
      for (const name of SECTION_NAMES) {
        sections[name] = {
          version: 'dev',
          canary: false,
          bucket: null,
          entry: `http://localhost:${DEV_PORTS[name]}/mf-manifest.json`,
          pages: this.devPages(name),
        };
      }
      return { environment, environmentId: null, personal, sections };
    }
    const env = await q.findEnvironment(this.db, environment);
    if (!env) return { environment, environmentId: null, personal, sections };
    for (const pin of await q.listPins(this.db, { environmentId: env.id })) {
      if (!isSectionName(pin.section)) continue;
      const bucket = userId === null ? null : canaryBucket(userId, env.name, pin.section);
      const canary =
        bucket !== null &&
        pin.canaryVersion !== null &&
        pin.canaryShare !== null &&
        inCanary(bucket, pin.canaryShare);
      const version = canary ? pin.canaryVersion! : pin.version;
      sections[pin.section] = {
        version,
        canary,
        bucket,
        entry: manifestUrl(pin.section, version),
        pages: canary ? pin.canaryPages : pin.pages,
      };
    }
    return { environment, environmentId: env.id, personal, sections };
  }

  /** A user's bucket per section in an environment and the version it gives them now. */
  async buckets(
    environment: string,
    user: { id: number; username: string },
  ): Promise<SectionBuckets> {
    const env = await this.requireEnvironment(environment);
    const pins = await q.listPins(this.db, { environmentId: env.id });
    return {
      environment: env.name,
      username: user.username,
      sections: SECTION_NAMES.map((section) => {
        const bucket = canaryBucket(user.id, env.name, section);
        const pin = pins.find((p) => p.section === section);
        const canary =
          !!pin?.canaryVersion && pin.canaryShare !== null && inCanary(bucket, pin.canaryShare);
        return {
          section,
          bucket,
          version: pin ? (canary ? pin.canaryVersion : pin.version) : null,
          canary,
        };
      }),
    };
  }

  async listVersions(query: SectionVersionsQuery) {
    if (query.section !== undefined) requireSection(query.section);
    const { rows, total } = await q.listVersions(
      this.db,
      { section: query.section, version: query.version },
      { offset: (query.current - 1) * query.pageSize, limit: query.pageSize },
    );
    const pins = await q.listPins(this.db);
    const ranges = this.hostRanges();
    const list: PublishedSectionVersion[] = rows.map((row) => ({
      id: row.id,
      section: row.section as SectionName,
      version: row.version,
      builtAt: row.builtAt.toISOString(),
      commit: row.commit,
      sizeBytes: row.sizeBytes,
      shared: row.shared,
      publishedAt: row.publishedAt.toISOString(),
      publishedBy: row.publishedBy,
      entry: manifestUrl(row.section, row.version),
      compatibility: checkCompatibility(row.shared, ranges),
      pinnedIn: pins.filter((p) => p.sectionVersionId === row.id).map((p) => p.environment),
      pages: row.pages,
    }));
    return { list, total };
  }

  async listEnvironments(): Promise<SectionEnvironment[]> {
    const [envs, pins, history] = await Promise.all([
      q.listEnvironments(this.db),
      q.listPins(this.db),
      q.historyInOrder(this.db),
    ]);
    return envs.map((env) => {
      const out: SectionEnvironment = {
        name: env.name,
        description: env.description,
        builtIn: env.builtIn,
        current: env.name === this.options.appEnv,
        pins: {},
      };
      for (const pin of pins.filter((p) => p.environmentId === env.id)) {
        if (!isSectionName(pin.section)) continue;
        out.pins[pin.section] = {
          version: pin.version,
          pinnedAt: pin.pinnedAt.toISOString(),
          pinnedBy: pin.pinnedBy,
          rollbackTo: rollbackTarget(
            history.filter((h) => h.environmentId === env.id && h.section === pin.section),
          ),
          pagePaths: pin.pages?.pages.map((p) => p.path) ?? null,
          canary:
            pin.canaryVersion && pin.canaryShare !== null
              ? {
                  version: pin.canaryVersion,
                  share: pin.canaryShare,
                  since: (pin.canarySince ?? pin.pinnedAt).toISOString(),
                  by: pin.canaryBy ?? '',
                }
              : null,
        };
      }
      return out;
    });
  }

  async createEnvironment(body: CreateEnvironmentBody, actor: Actor) {
    return this.db.transaction(async (tx) => {
      const created = await q.insertEnvironment(tx, {
        name: body.name,
        description: body.description,
        createdBy: actor.id,
      });
      if (!created) {
        throw new AppError('DUPLICATE', {
          detail: both(`环境 ${body.name} 已存在`, `The environment ${body.name} already exists`),
        });
      }
      await recordAudit(tx, {
        entityType: 'section_environment',
        entityId: created.name,
        diff: diffRecords(null, { name: created.name, description: created.description }),
      });
      return created;
    });
  }

  async history(query: PinHistoryQuery) {
    const environmentId =
      query.environment === undefined
        ? undefined
        : (await this.requireEnvironment(query.environment)).id;
    if (query.section !== undefined) requireSection(query.section);
    const { rows, total } = await q.pageHistory(
      this.db,
      { environmentId, section: query.section },
      { offset: (query.current - 1) * query.pageSize, limit: query.pageSize },
    );
    const list: PinHistoryEntry[] = rows.map(({ row, environment }) => ({
      id: row.id,
      environment,
      section: row.section as SectionName,
      action: row.action,
      fromVersion: row.fromVersion,
      toVersion: row.toVersion,
      share: row.share,
      reason: row.reason,
      actor: row.actor,
      at: row.at.toISOString(),
    }));
    return { list, total };
  }

  /**
   * Publishes a built bundle: from `from` (a bundle folder) or else the given or newest build
   * in `remotes/<name>/dist/`. The same version twice and a bundle whose shared singletons the
   * host does not accept are refused.
   */
  async publish(
    name: string,
    source: { version?: string; from?: string },
    actor: Actor,
  ): Promise<PublishedSectionVersion> {
    const section = requireSection(name);
    const { dir, record } = this.findBundle(section, source);
    if (record.name !== section) {
      throw new AppError('VALIDATION_FAILED', {
        detail: both(
          `${dir} 是模块 ${record.name} 的构建，不是 ${section}`,
          `${dir} is a build of ${record.name}, not ${section}`,
        ),
      });
    }
    if (!SECTION_VERSION_PATTERN.test(record.version)) {
      throw new AppError('VALIDATION_FAILED', {
        detail: both(`版本号格式不正确：${record.version}`, `Malformed version ${record.version}`),
      });
    }
    const version = record.version;
    if (await q.findVersion(this.db, section, version)) throw alreadyPublished(section, version);
    const pages = this.declaredPages(section, dir);

    const compatibility = checkCompatibility(record.shared, this.hostRanges());
    if (!compatibility.compatible) {
      throw new AppError('CONFLICT', {
        detail: both(
          `${section} ${version} 与宿主的共享库不兼容：${describeMismatches(compatibility.mismatches, 'zh-CN')}`,
          `${section} ${version} does not fit the host's shared libraries: ${describeMismatches(compatibility.mismatches, 'en-US')}`,
        ),
        data: compatibility,
      });
    }

    const { storeDir } = this.options;
    // The store may already hold this exact build (a database re-created beside the same
    // store): it is adopted. A different build under the same version is refused.
    let staged: ReturnType<typeof stageBundle> | null = null;
    if (bundleInStore(storeDir, section, version)) {
      const stored = readBundle(storeBundleDir(storeDir, section, version));
      if (stored.builtAt !== record.builtAt || stored.commit !== record.commit) {
        throw alreadyPublished(section, version);
      }
    } else {
      staged = stageBundle(storeDir, section, version, dir);
    }
    try {
      const row = await this.db.transaction(async (tx) => {
        const created = await q.insertVersion(tx, {
          section,
          version,
          builtAt: new Date(record.builtAt),
          commit: record.commit,
          sizeBytes: record.sizeBytes,
          shared: record.shared,
          pages,
          publishedBy: actor.name,
        });
        if (!created) throw alreadyPublished(section, version);
        // Moved into place inside the transaction: a failed rename rolls the record back.
        staged?.commit();
        return created;
      });
      staged = null;
      return {
        id: row.id,
        section,
        version,
        builtAt: row.builtAt.toISOString(),
        commit: row.commit,
        sizeBytes: row.sizeBytes,
        shared: row.shared,
        publishedAt: row.publishedAt.toISOString(),
        publishedBy: row.publishedBy,
        entry: manifestUrl(section, version),
        compatibility,
        pinnedIn: [],
        pages,
      };
    } finally {
      staged?.discard();
    }
  }

  async pin(name: string, body: PinSectionBody, actor: Actor): Promise<PinChange> {
    const section = requireSection(name);
    const env = await this.requireEnvironment(body.environment);
    const target = await this.requireVersion(section, body.version);
    return this.movePin(env, section, target, 'pin', body.reason, body.expectedCurrent, actor);
  }

  async rollback(name: string, body: RollbackSectionBody, actor: Actor): Promise<PinChange> {
    const section = requireSection(name);
    const env = await this.requireEnvironment(body.environment);
    const history = await q.historyInOrder(this.db, { environmentId: env.id, section });
    const previous = rollbackTarget(history);
    if (!previous) {
      throw conflict(
        both(
          `${env.name} 环境中的模块 ${section} 没有可回滚的上一个版本`,
          `Section ${section} has no previous pin to roll back to in ${env.name}`,
        ),
      );
    }
    const target = await q.findVersion(this.db, section, previous);
    if (!target) throw new Error(`pin history names unpublished ${section} ${previous}`);
    return this.movePin(env, section, target, 'rollback', body.reason, body.expectedCurrent, actor);
  }

  private async movePin(
    env: q.EnvironmentRow,
    section: SectionName,
    target: q.VersionRow,
    action: 'pin' | 'rollback',
    reason: string,
    expectedCurrent: string | null | undefined,
    actor: Actor,
  ): Promise<PinChange> {
    return this.db.transaction(async (tx) => {
      const [current] = await q.listPins(tx, { environmentId: env.id, section });
      const from = current?.version ?? null;
      if (expectedCurrent !== undefined && expectedCurrent !== from) {
        throw new AppError('STALE_VERSION', { data: { current: from } });
      }
      if (current && current.sectionVersionId === target.id) {
        throw conflict(
          both(
            `${env.name} 环境已固定模块 ${section} 的版本 ${target.version}`,
            `${env.name} already pins ${section} ${target.version}`,
          ),
        );
      }
      const moved = current
        ? await q.updatePin(tx, current.id, current.rowVersion, target.id, actor)
        : await q.insertPin(tx, {
            environmentId: env.id,
            section,
            sectionVersionId: target.id,
            actor,
          });
      // Someone else moved the pin between our read and our write.
      if (!moved) throw new AppError('STALE_VERSION');
      await q.insertHistory(tx, {
        environmentId: env.id,
        section,
        action,
        fromVersion: from,
        toVersion: target.version,
        reason,
        actorId: actor.id,
        actor: actor.name,
      });
      // A new pin ends a running canary (q.updatePin); the history says so.
      if (current?.canaryVersion) {
        await q.insertHistory(tx, {
          environmentId: env.id,
          section,
          action: 'abort',
          fromVersion: current.canaryVersion,
          toVersion: target.version,
          reason,
          actorId: actor.id,
          actor: actor.name,
        });
      }
      await recordAudit(tx, {
        action: action === 'pin' ? 'system.sections.pin' : 'system.sections.rollback',
        entityType: 'section_pin',
        entityId: `${env.name}/${section}`,
        diff: {
          ...diffRecords({ sectionVersion: from }, { sectionVersion: target.version }),
          reason: { before: null, after: reason },
        },
      });
      return { environment: env.name, section, from, to: target.version };
    });
  }

  // Canaries (issue 30) ------------------------------------------------------------------------

  /** Starts a canary: `version` for `share` % of the users beside the pinned version. */
  async startCanary(name: string, body: StartCanaryBody, actor: Actor): Promise<CanaryChange> {
    const section = requireSection(name);
    const env = await this.requireEnvironment(body.environment);
    const target = await this.requireVersion(section, body.version);
    return this.db.transaction(async (tx) => {
      const pin = await this.requirePin(tx, env, section);
      if (body.expectedCurrent !== undefined && body.expectedCurrent !== pin.version) {
        throw new AppError('STALE_VERSION', { data: { current: pin.version } });
      }
      if (pin.sectionVersionId === target.id) {
        throw conflict(
          both(
            `${target.version} 已是 ${env.name} 环境中 ${section} 的固定版本，不能作为灰度`,
            `${target.version} is already the pinned ${section} in ${env.name}; it cannot be its canary`,
          ),
        );
      }
      if (pin.canaryVersion !== null) {
        throw conflict(
          both(
            `${env.name} 环境中的 ${section} 已有灰度版本 ${pin.canaryVersion}；先推全或中止它`,
            `${section} in ${env.name} already has the canary ${pin.canaryVersion}; promote or abort it first`,
          ),
        );
      }
      return this.moveCanary(tx, env, section, pin, 'canary', body.reason, actor, {
        sectionVersionId: target.id,
        version: target.version,
        share: body.share,
      });
    });
  }

  /** Gives the running canary a larger share of the users (the users it had keep it). */
  async widenCanary(name: string, body: WidenCanaryBody, actor: Actor): Promise<CanaryChange> {
    const section = requireSection(name);
    const env = await this.requireEnvironment(body.environment);
    return this.db.transaction(async (tx) => {
      const pin = await this.requireCanary(tx, env, section, body.expectedCanary);
      if (body.share <= pin.canaryShare!) {
        throw conflict(
          both(
            `灰度比例只能扩大（当前 ${pin.canaryShare}%）；要缩小请中止灰度`,
            `A canary's share can only grow (now ${pin.canaryShare}%); abort it to narrow`,
          ),
        );
      }
      return this.moveCanary(tx, env, section, pin, 'widen', body.reason, actor, {
        sectionVersionId: pin.canaryVersionId!,
        version: pin.canaryVersion!,
        share: body.share,
      });
    });
  }

  /** The canary becomes the pinned version for everyone. */
  async promoteCanary(name: string, body: EndCanaryBody, actor: Actor): Promise<CanaryChange> {
    const section = requireSection(name);
    const env = await this.requireEnvironment(body.environment);
    return this.db.transaction(async (tx) => {
      const pin = await this.requireCanary(tx, env, section, body.expectedCanary);
      const moved = await q.updatePin(tx, pin.id, pin.rowVersion, pin.canaryVersionId!, actor);
      if (!moved) throw new AppError('STALE_VERSION');
      await this.recordCanaryMove(tx, env, section, 'promote', {
        from: pin.version,
        to: pin.canaryVersion!,
        share: null,
        reason: body.reason,
        actor,
      });
      return {
        environment: env.name,
        section,
        action: 'promote',
        pinned: pin.canaryVersion!,
        canary: null,
        share: null,
      };
    });
  }

  /**
   * Ends the canary: its users get the pinned version on their next navigation. `auto-abort`
   * is the server's own (sections/health.ts), which passes `within` to add its messages to the
   * same transaction.
   */
  async abortCanary(
    name: string,
    body: EndCanaryBody,
    actor: Actor,
    action: 'abort' | 'auto-abort' = 'abort',
    within?: (tx: Tx, emit: Emit) => Promise<void>,
  ): Promise<CanaryChange> {
    const section = requireSection(name);
    const env = await this.requireEnvironment(body.environment);
    return this.events.transaction(this.db, async (tx, emit) => {
      const pin = await this.requireCanary(tx, env, section, body.expectedCanary);
      const change = await this.moveCanary(tx, env, section, pin, action, body.reason, actor, null);
      await within?.(tx, emit);
      return change;
    });
  }

  private async moveCanary(
    tx: Tx,
    env: q.EnvironmentRow,
    section: SectionName,
    pin: q.PinRow,
    action: 'canary' | 'widen' | 'abort' | 'auto-abort',
    reason: string,
    actor: Actor,
    canary: { sectionVersionId: number; version: string; share: number } | null,
  ): Promise<CanaryChange> {
    const moved = await q.updateCanary(
      tx,
      pin.id,
      pin.rowVersion,
      canary && {
        sectionVersionId: canary.sectionVersionId,
        share: canary.share,
        since: action === 'widen' ? (pin.canarySince ?? new Date()) : new Date(),
        by: actor.name,
      },
    );
    // Someone else moved the pin or its canary between our read and our write.
    if (!moved) throw new AppError('STALE_VERSION');
    await this.recordCanaryMove(tx, env, section, action, {
      from: action === 'canary' ? pin.version : pin.canaryVersion,
      to: canary ? canary.version : pin.version,
      share: canary?.share ?? null,
      fromShare: pin.canaryShare,
      reason,
      actor,
    });
    return {
      environment: env.name,
      section,
      action,
      pinned: pin.version,
      canary: canary?.version ?? null,
      share: canary?.share ?? null,
    };
  }

  /** The history row and the audit row of a canary move, in its transaction. */
  private async recordCanaryMove(
    tx: Tx,
    env: q.EnvironmentRow,
    section: SectionName,
    action: PinAction,
    move: {
      from: string | null;
      to: string;
      share: number | null;
      fromShare?: number | null;
      reason: string;
      actor: Actor;
    },
  ) {
    await q.insertHistory(tx, {
      environmentId: env.id,
      section,
      action,
      fromVersion: move.from,
      toVersion: move.to,
      share: move.share,
      reason: move.reason,
      actorId: move.actor.id,
      actor: move.actor.name,
    });
    await recordAudit(tx, {
      action: `system.sections.${action}`,
      entityType: 'section_pin',
      entityId: `${env.name}/${section}`,
      diff: {
        ...(action === 'promote'
          ? diffRecords({ sectionVersion: move.from }, { sectionVersion: move.to })
          : diffRecords(
              {
                canaryVersion: action === 'canary' ? null : move.from,
                canaryShare: move.fromShare ?? null,
              },
              {
                canaryVersion: move.share === null ? null : move.to,
                canaryShare: move.share,
              },
            )),
        reason: { before: null, after: move.reason },
      },
    });
  }

  private async requirePin(tx: Tx, env: q.EnvironmentRow, section: SectionName) {
    const [pin] = await q.listPins(tx, { environmentId: env.id, section });
    if (!pin) {
      throw conflict(
        both(
          `${env.name} 环境尚未固定模块 ${section}；先固定一个版本`,
          `${env.name} pins no ${section} yet; pin a version first`,
        ),
      );
    }
    return pin;
  }

  private async requireCanary(
    tx: Tx,
    env: q.EnvironmentRow,
    section: SectionName,
    expected: string | undefined,
  ) {
    const pin = await this.requirePin(tx, env, section);
    if (pin.canaryVersion === null) {
      if (expected !== undefined) throw new AppError('STALE_VERSION', { data: { current: null } });
      throw conflict(
        both(
          `${env.name} 环境中的 ${section} 没有灰度版本`,
          `${section} in ${env.name} has no canary`,
        ),
      );
    }
    if (expected !== undefined && expected !== pin.canaryVersion) {
      throw new AppError('STALE_VERSION', { data: { current: pin.canaryVersion } });
    }
    return pin;
  }

  private async requireVersion(section: SectionName, version: string) {
    const target = await q.findVersion(this.db, section, version);
    if (!target) {
      throw notFound(
        both(
          `模块 ${section} 没有已发布的版本 ${version}`,
          `Section ${section} has no published version ${version}`,
        ),
      );
    }
    return target;
  }

  /** The bundle's declared pages, checked; refused with every reason (sections/pages.ts). */
  private declaredPages(section: SectionName, dir: string) {
    let raw: unknown;
    try {
      raw = readDeclaredPages(dir);
    } catch (err) {
      if (err instanceof BundleError) {
        throw new AppError('VALIDATION_FAILED', { detail: both(err.message, err.message) });
      }
      throw err;
    }
    const checked = checkSectionPages(section, raw);
    if (!checked.pages) {
      throw new AppError('VALIDATION_FAILED', {
        detail: both(
          `${section} 声明的页面不能发布：${checked.problems.map((p) => p['zh-CN']).join('；')}`,
          `The pages ${section} declares cannot be published: ${checked.problems.map((p) => p['en-US']).join('; ')}`,
        ),
        data: { problems: checked.problems },
      });
    }
    return checked.pages;
  }

  /** In dev mode the pages come from the section's source declaration, read at each boot. */
  private devPages(section: SectionName) {
    try {
      return checkSectionPages(section, readSourcePages(this.options.remotesDir, section)).pages;
    } catch {
      return null;
    }
  }

  private async requireEnvironment(name: string) {
    const env = await q.findEnvironment(this.db, name);
    if (!env) throw notFound(both(`环境 ${name} 不存在`, `No environment ${name}`));
    return env;
  }

  private findBundle(section: SectionName, source: { version?: string; from?: string }) {
    try {
      if (source.from) {
        const dir = path.resolve(source.from);
        return { dir, record: readBundle(dir) };
      }
      const builds = localBuilds(this.options.remotesDir, section);
      const build = source.version
        ? builds.find((b) => b.record.version === source.version)
        : builds[0];
      if (!build) {
        throw notFound(
          both(
            `remotes/${section}/dist/ 中没有${source.version ? `版本 ${source.version} 的` : ''}构建；先运行 npm run build -w remotes/${section}`,
            `No build${source.version ? ` of ${source.version}` : ''} of ${section} in remotes/${section}/dist/; run npm run build -w remotes/${section} first`,
          ),
        );
      }
      return build;
    } catch (err) {
      if (err instanceof BundleError) {
        throw new AppError('VALIDATION_FAILED', { detail: both(err.message, err.message) });
      }
      throw err;
    }
  }
}

function alreadyPublished(section: string, version: string) {
  return new AppError('DUPLICATE', {
    detail: both(
      `模块 ${section} 的版本 ${version} 已发布过；已发布的版本不可覆盖，请用新的构建号重新构建`,
      `${section} ${version} is already published; published versions are immutable, build again with a new build id`,
    ),
  });
}

/** The service's options as the server and the CLI read them from the environment. */
export function sectionsOptionsFromEnv(env: ServerEnv): SectionsOptions {
  return {
    storeDir: env.sectionsDir,
    remotesDir: path.join(REPO_ROOT, 'remotes'),
    hostPackageJson: path.join(REPO_ROOT, 'host', 'package.json'),
    appEnv: env.appEnv,
    devSections: env.devSections,
  };
}
