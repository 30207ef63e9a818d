// Gate keys (issue #6): per-spot credentials a gate device sends readings with. The secret is
// shown once and only its hash is kept; a revoked key stops working at once. No HTTP here.
import {
  scenicGateKey,
  type Clock,
  type ScenicGateKey,
  type ScenicGateKeyCreated,
} from '@console/shared';
import type { Db } from '../../db/types';
import { fieldsOf } from '../../db/row-shape';
import { AppError, notFound } from '../../lib/app-error';
import { newToken, sha256 } from '../../lib/crypto';
import { recordAudit } from '../audit/writer';
import { spotNotFound } from './errors';
import * as q from './gate-keys-queries';
import { findSpot } from './spots-queries';

const AUDIT_GATE_KEY = 'scenic_gate_key';
const GATE_KEY_PREFIX = 'sgk_';

export class GateKeyService {
  constructor(
    private readonly db: Db,
    /** The clock a key's last use is stamped with. */
    private readonly clock: Clock,
  ) {}

  async list(spotId: number): Promise<ScenicGateKey[]> {
    if (!(await findSpot(this.db, spotId))) throw spotNotFound();
    return (await q.listGateKeys(this.db, spotId)).map(toGateKey);
  }

  /** A new key for the spot's gates; the secret is returned once and only its hash is kept. */
  async create(spotId: number, name: string, userId: number | null) {
    if (!(await findSpot(this.db, spotId))) throw spotNotFound();
    const key = `${GATE_KEY_PREFIX}${newToken()}`;
    const row = await this.db.transaction(async (tx) => {
      const inserted = await q.insertGateKey(tx, {
        spotId,
        name,
        keyHash: sha256(key),
        prefix: key.slice(0, 12),
        createdBy: userId,
      });
      await recordAudit(tx, {
        entityType: AUDIT_GATE_KEY,
        entityId: inserted.id,
        diff: { name: { before: null, after: name } },
      });
      return inserted;
    });
    const created: ScenicGateKeyCreated = { ...toGateKey(row), key };
    return created;
  }

  async revoke(spotId: number, keyId: number, userId: number | null) {
    return this.db.transaction(async (tx) => {
      const key = await q.findGateKey(tx, spotId, keyId);
      if (!key) throw notFound({ 'zh-CN': '闸机密钥不存在', 'en-US': 'No such gate key' });
      const revoked = (await q.revokeGateKey(tx, keyId, userId)) ?? key;
      await recordAudit(tx, {
        entityType: AUDIT_GATE_KEY,
        entityId: keyId,
        diff: { revokedAt: { before: iso(key.revokedAt), after: iso(revoked.revokedAt) } },
      });
      return toGateKey(revoked);
    });
  }

  /**
   * The gate key allowed to send readings for `spotId`: unknown or revoked → 401, a key of
   * another spot → 403.
   */
  async authenticate(key: string, spotId: number) {
    if (!key.startsWith(GATE_KEY_PREFIX) || key.length > 128)
      throw new AppError('GATE_KEY_INVALID');
    const row = await q.findGateKeyByHash(this.db, sha256(key));
    if (!row || row.revokedAt) throw new AppError('GATE_KEY_INVALID');
    if (row.spotId !== spotId) {
      throw new AppError('FORBIDDEN', {
        detail: {
          'zh-CN': '该闸机密钥不属于此景点',
          'en-US': 'This gate key belongs to another scenic spot',
        },
      });
    }
    await q.touchGateKey(this.db, row.id, this.clock.now());
    return { id: row.id, prefix: row.prefix };
  }
}

const iso = (v: Date | null) => (v === null ? null : v.toISOString());

const toGateKey = (row: q.GateKeyRecord): ScenicGateKey => fieldsOf(scenicGateKey, row);
