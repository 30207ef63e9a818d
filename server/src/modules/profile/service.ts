// The signed-in user's own data beyond sign-in: basic information, console settings, avatar,
// certification and recent activity (seed §2 "User Info" / "User Setting"; issue #4).
import {
  resolveUserSettings,
  RECENT_PAGES_MAX,
  type ActivityPage,
  type RecentPage,
  type RecentVisitBody,
  type CertificationData,
  type CertificationInfo,
  type CertificationRecord,
  type CertificationRecordDetail,
  type CertificationStatus,
  type ProfileInfo,
  type UserSettings,
} from '@console/shared';
import type { z } from 'zod';
import type { profileBody, userSettingsBody } from '@console/shared';
import type { Db } from '../../db/types';
import { createLocalBus, type EventBus } from '../../events/bus';
import { AppError, conflict, notFound, staleVersion } from '../../lib/app-error';
import { diffRecords } from '../audit/diff';
import { recordAudit } from '../audit/writer';
import type { AuditService } from '../audit/service';
import { auditSubjectsOf, type AuditSubjectSources } from '../audit/subjects';
import { sniffImageType } from './avatar';
import * as q from './queries';

type ProfileUpdate = z.infer<typeof profileBody>;
type SettingsUpdate = z.infer<typeof userSettingsBody>;
type RecordRow = Awaited<ReturnType<typeof q.listCertifications>>[number];

const NOT_FOUND_RECORD = { 'zh-CN': '认证记录不存在', 'en-US': 'No such certification record' };

export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    /** Per audit entity type, what its entries are about (other modules' services). */
    private readonly subjects: AuditSubjectSources = {},
    /**
     * What `GET /api/user/info` answers changes with the profile, settings and avatar: their
     * writes say so (`session.changed` for the user), so no instance answers a kept one.
     */
    private readonly events: EventBus = createLocalBus(),
  ) {}

  async profile(userId: number): Promise<ProfileInfo> {
    const row = await q.findProfile(this.db, userId);
    if (!row) throw new AppError('UNAUTHENTICATED');
    return toProfileInfo(row);
  }

  async updateProfile(userId: number, body: ProfileUpdate): Promise<ProfileInfo> {
    return this.events.transaction(this.db, async (tx, emit) => {
      const before = await q.findProfile(tx, userId);
      if (!before) throw new AppError('UNAUTHENTICATED');
      if (before.version !== body.version) throw staleVersion();
      const extras = { countryRegion: body.countryRegion, area: body.area, address: body.address };
      const beforeInfo = toProfileInfo(before);
      const edited: ProfileInfo = {
        ...beforeInfo,
        ...extras,
        email: body.email,
        nickname: body.nickname,
        profile: body.profile,
      };
      const diff = diffRecords({ ...beforeInfo }, { ...edited });
      // Saved untouched: nothing to write, the version stays (issue 25, form round trip).
      if (Object.keys(diff).length === 0) return beforeInfo;
      const updated = await q.updateProfile(tx, userId, body.version, {
        email: body.email,
        name: body.nickname,
        introduction: body.profile,
        profile: { ...before.profile, ...extras },
      });
      if (!updated) throw staleVersion();
      await recordAudit(tx, { entityType: 'user', entityId: userId, diff });
      emit({ type: 'session.changed', userIds: [userId] });
      return { ...edited, version: updated.version };
    });
  }

  /** Saves the drawer's settings; the saved server menu stays unless one is sent. */
  async saveSettings(userId: number, body: SettingsUpdate): Promise<UserSettings> {
    return this.events.transaction(this.db, async (tx, emit) => {
      const row = await q.findSettings(tx, userId);
      if (!row) throw new AppError('UNAUTHENTICATED');
      const before = resolveUserSettings(row.settings);
      const settings: UserSettings = { ...body, serverMenu: body.serverMenu ?? before.serverMenu };
      await q.saveSettings(tx, userId, settings);
      await recordAudit(tx, {
        entityType: 'user',
        entityId: userId,
        diff: diffRecords(before, settings),
      });
      emit({ type: 'session.changed', userIds: [userId] });
      return settings;
    });
  }

  /** Records that the user opened a section page (the workplace's "recently visited"). */
  async recordVisit(userId: number, visit: RecentVisitBody, at: Date): Promise<void> {
    await this.db.transaction((tx) =>
      q.recordRecentPage(
        tx,
        userId,
        { path: visit.path, routeKey: visit.key, at },
        RECENT_PAGES_MAX,
      ),
    );
  }

  /** The user's recently visited pages, the newest first. */
  async recentPages(userId: number): Promise<RecentPage[]> {
    const rows = await q.listRecentPages(this.db, userId, RECENT_PAGES_MAX);
    return rows.map((r) => ({ key: r.key, path: r.path, at: r.at.toISOString() }));
  }

  /** Stores the avatar and points `users.avatar` at it; answers the new URL. */
  async uploadAvatar(userId: number, data: Buffer): Promise<string> {
    const mime = sniffImageType(data);
    if (!mime) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
        detail: {
          'zh-CN': '头像只能是 PNG、JPEG、GIF 或 WebP 图片',
          'en-US': 'The avatar must be a PNG, JPEG, GIF or WebP image',
        },
      });
    }
    return this.events.transaction(this.db, async (tx, emit) => {
      const before = await q.findProfile(tx, userId);
      const at = await q.upsertAvatar(tx, userId, mime, data);
      const url = `/api/user/avatar/${userId}?v=${at.getTime()}`;
      await q.setAvatarUrl(tx, userId, url);
      await recordAudit(tx, {
        entityType: 'user',
        entityId: userId,
        diff: { avatar: { before: before?.avatar ?? '', after: url } },
      });
      emit({ type: 'session.changed', userIds: [userId] });
      return url;
    });
  }

  avatar(userId: number) {
    return q.findAvatar(this.db, userId);
  }

  async certification(userId: number): Promise<CertificationInfo> {
    const rows = await q.listCertifications(this.db, userId);
    const current =
      rows.find((r) => r.status === 'pass') ?? rows.find((r) => r.status === 'auditing');
    return {
      enterpriseInfo: current
        ? {
            ...current.info,
            status: current.status as CertificationStatus,
            time: (current.decidedAt ?? current.submittedAt).toISOString(),
          }
        : null,
      list: rows.map(toRecord),
    };
  }

  /** The "check" action: one of the caller's own records with the submitted licence data. */
  async certificationRecord(userId: number, id: number): Promise<CertificationRecordDetail> {
    const row = await q.findCertification(this.db, id);
    if (!row || row.userId !== userId) throw notFound(NOT_FOUND_RECORD);
    return { ...toRecord(row), info: row.info };
  }

  /** Submits a licence for audit; only one application may be under audit at a time. */
  async submitCertification(userId: number, info: CertificationData) {
    // A second application under audit breaks certification_one_auditing_idx: db/errors.ts.
    return this.db.transaction(async (tx) => {
      const row = await q.insertCertification(tx, userId, info, info.enterpriseName);
      await recordAudit(tx, {
        entityType: 'certification',
        entityId: row.id,
        diff: Object.fromEntries(
          Object.entries(info).map(([k, v]) => [k, { before: null, after: v }]),
        ),
      });
      return toRecord(row);
    });
  }

  /** The "withdraw" action: the owner takes back an application still under audit. */
  withdrawCertification(userId: number, id: number, version: number) {
    return this.decide(id, version, 'withdrawn', userId, (row) => row.userId === userId);
  }

  /** An administrator passes an application under audit. */
  approveCertification(adminId: number, id: number, version: number) {
    return this.decide(id, version, 'pass', adminId, () => true);
  }

  private async decide(
    id: number,
    version: number,
    to: CertificationStatus,
    by: number,
    mayAct: (row: RecordRow) => boolean,
  ): Promise<CertificationRecord> {
    return this.db.transaction(async (tx) => {
      const row = await q.findCertification(tx, id);
      if (!row || !mayAct(row)) throw notFound(NOT_FOUND_RECORD);
      if (row.version !== version) throw staleVersion();
      if (row.status !== 'auditing') {
        throw conflict({
          'zh-CN': '该认证申请已不在审核中',
          'en-US': 'This application is no longer under audit',
        });
      }
      const updated = await q.decideCertification(tx, id, version, 'auditing', to, by);
      if (!updated) throw staleVersion();
      await recordAudit(tx, {
        entityType: 'certification',
        entityId: id,
        diff: { status: { before: row.status, after: updated.status } },
      });
      return toRecord(updated);
    });
  }

  async activity(userId: number, before: number | undefined, limit: number): Promise<ActivityPage> {
    const rows = await this.audit.userActivity(userId, before, limit + 1);
    const page = rows.slice(0, limit);
    const subjectOf = await auditSubjectsOf(this.subjects, page);
    return {
      list: page.map((r) => ({ ...r, at: r.at.toISOString(), subject: subjectOf(r) })),
      next: rows.length > limit ? page[page.length - 1].id : null,
    };
  }
}

function toProfileInfo(row: NonNullable<Awaited<ReturnType<typeof q.findProfile>>>): ProfileInfo {
  const extra = row.profile ?? {};
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    email: row.email,
    nickname: row.name,
    countryRegion: str(extra.countryRegion),
    area: str(extra.area),
    address: str(extra.address),
    profile: row.introduction,
    avatar: row.avatar,
    version: row.version,
  };
}

function toRecord(row: RecordRow): CertificationRecord {
  return {
    id: row.id,
    certificationType: row.certificationType,
    certificationContent: row.certificationContent,
    status: row.status as CertificationStatus,
    time: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    version: row.version,
  };
}
