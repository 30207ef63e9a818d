// Database errors → the product's errors, in one place (architecture.md, "Cross-cutting
// homes"). A write that breaks a constraint a concurrent writer won (unique, foreign key,
// check, exclusion) or loses a serialisation race answers a 4xx with the field and a message
// in both languages, never a 500. Services may check first for a friendlier message naming
// the value; the constraint stays the guarantee, and this map words what it refuses.
import { formatMessage, SCENIC_VALIDATION_MESSAGES } from '@console/shared';
import { AppError } from '../lib/app-error';

/** SQLSTATE classes the map knows (PostgreSQL, Appendix A). */
export const SQLSTATE = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  exclusionViolation: '23P01',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;

export interface DatabaseErrorInfo {
  code: string;
  constraint: string;
}

/** The SQLSTATE and constraint of a database error, on either driver (Drizzle wraps it). */
export function databaseErrorInfo(err: unknown): DatabaseErrorInfo | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : '' };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const bi = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

const duplicate = (path: string, message: { 'zh-CN': string; 'en-US': string }) => () =>
  new AppError('DUPLICATE', { fields: [{ path, message }], detail: message });

/** Named constraints whose refusal the product words for the field it concerns. */
const BY_CONSTRAINT: Record<string, () => AppError> = {
  guides_code_idx: duplicate('code', bi('导游编号已存在', 'That guide code already exists')),
  guides_licence_no_idx: duplicate(
    'licenceNo',
    bi('导游证号已存在', 'That licence number already exists'),
  ),
  scenic_spots_code_unique: () =>
    new AppError('DUPLICATE', {
      fields: [
        {
          path: 'code',
          message: {
            'zh-CN': formatMessage(SCENIC_VALIDATION_MESSAGES.duplicateCode['zh-CN']),
            'en-US': formatMessage(SCENIC_VALIDATION_MESSAGES.duplicateCode['en-US']),
          },
        },
      ],
    }),
  certification_one_auditing_idx: () =>
    new AppError('CONFLICT', {
      detail: bi(
        '已有一份认证申请正在审核中，请先撤回',
        'An application is already under audit; withdraw it first',
      ),
    }),
  users_username_unique: duplicate(
    'username',
    bi('该用户名已存在', 'That username is already taken'),
  ),
  team_templates_name_idx: duplicate(
    'name',
    bi('已有同名的行程模板', 'A template with that name already exists'),
  ),
  roles_code_unique: duplicate('code', bi('该角色编码已存在', 'That role code already exists')),
  property_items_value_idx: duplicate(
    'value',
    bi('该类别中已有此取值', 'The category already has that value'),
  ),
  // A spot that teams' itineraries visit (past ones too) cannot be deleted (issue #13 point 5):
  // the same 409 the scenic module answers when its check sees planned teams.
  team_itinerary_items_spot_id_scenic_spots_id_fk: () =>
    new AppError('CONFLICT', {
      detail: bi(
        '景点已被团队行程使用，不能删除',
        'Team itineraries visit this spot, so it cannot be deleted',
      ),
    }),
  // Services catch these two to name the booking or leave that won; this is the fallback.
  team_assignments_guide_no_overlap: () =>
    new AppError('GUIDE_BUSY', {
      detail: bi('导游在该时段已被分配', 'The guide is already booked in that period'),
    }),
  guide_unavailability_no_overlap: () =>
    new AppError('CONFLICT', {
      detail: bi('与该导游已有的不可用时段重叠', "It overlaps one of the guide's existing periods"),
    }),
  section_environments_name_unique: duplicate(
    'name',
    bi('该环境已存在', 'That environment already exists'),
  ),
};

/** By SQLSTATE, for constraints without their own wording. */
const BY_CODE: Record<string, () => AppError> = {
  [SQLSTATE.uniqueViolation]: () => new AppError('DUPLICATE'),
  [SQLSTATE.foreignKeyViolation]: () =>
    new AppError('CONFLICT', {
      detail: bi(
        '引用的记录不存在或仍被其他记录引用',
        'A referenced record does not exist or is still referenced by another record',
      ),
    }),
  [SQLSTATE.checkViolation]: () =>
    new AppError('VALIDATION_FAILED', {
      detail: bi('数据不符合约束条件', 'The data breaks a rule of the record'),
    }),
  [SQLSTATE.exclusionViolation]: () =>
    new AppError('CONFLICT', {
      detail: bi('与已有的时间段重叠', 'It overlaps an existing period'),
    }),
  // Nothing was written; the caller may simply retry.
  [SQLSTATE.serializationFailure]: () => new AppError('WRITE_COLLISION'),
  [SQLSTATE.deadlockDetected]: () => new AppError('WRITE_COLLISION'),
};

/** The product error for a database error the map knows, else undefined (a real fault). */
export function productErrorOf(err: unknown): AppError | undefined {
  const info = databaseErrorInfo(err);
  if (!info) return undefined;
  return (BY_CONSTRAINT[info.constraint] ?? BY_CODE[info.code])?.();
}
