import { canonicalJson, sha256 } from '../../lib/crypto';
import type { FieldChange } from './schema';

export const GENESIS_HASH = '0'.repeat(64);

export interface AuditEntry {
  at: Date;
  userId: number | null;
  username: string;
  role: string;
  action: string;
  entityType: string;
  entityId: string;
  diff: Record<string, FieldChange> | null;
  requestId: string;
  ip: string;
  userAgent: string;
  result: number;
  durationMs: number;
}

/** Tamper evidence: each row's hash covers its content and the previous row's hash. */
export function chainHash(prevHash: string, e: AuditEntry): string {
  return sha256(
    prevHash +
      canonicalJson([
        e.at.toISOString(),
        e.userId,
        e.username,
        e.role,
        e.action,
        e.entityType,
        e.entityId,
        e.diff,
        e.requestId,
        e.ip,
        e.userAgent,
        e.result,
        e.durationMs,
      ]),
  );
}
