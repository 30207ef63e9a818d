// The grant ceiling's refusals (product.md, "Users, roles, permissions"): the rule itself is the
// shared contract's (`permissionsNotHeld`, contracts/grant-ceiling.ts); the users and roles
// services call these with the caller's held permissions — their active role's.
import { permissionsNotHeld } from '@console/shared';
import { AppError } from '../../lib/app-error';

/** Refuses (403, naming them) to grant permissions the caller does not hold. */
export function assertGrantable(held: readonly string[], granted: Iterable<string>) {
  const missing = permissionsNotHeld(held, granted);
  if (missing.length > 0) {
    throw new AppError('GRANT_BEYOND_HELD', {
      params: { permissions: missing.join(', ') },
      data: { permissions: missing },
    });
  }
}

/**
 * Refuses to act on the credentials of a user who holds more than the caller: a password the
 * caller sets would hand them that user's permissions.
 */
export function assertTargetWithinCeiling(held: readonly string[], targetHolds: Iterable<string>) {
  const missing = permissionsNotHeld(held, targetHolds);
  if (missing.length > 0) {
    throw new AppError('TARGET_BEYOND_HELD', {
      params: { permissions: missing.join(', ') },
      data: { permissions: missing },
    });
  }
}
