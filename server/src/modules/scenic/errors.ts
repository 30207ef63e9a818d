// The scenic module's refusals, worded once for its services (texts: shared contracts).
import {
  formatMessage,
  SCENIC_VALIDATION_MESSAGES,
  type ScenicValidationCode,
} from '@console/shared';
import { AppError, notFound } from '../../lib/app-error';

const bi = (code: ScenicValidationCode, params?: Record<string, string | number>) => ({
  'zh-CN': formatMessage(SCENIC_VALIDATION_MESSAGES[code]['zh-CN'], params),
  'en-US': formatMessage(SCENIC_VALIDATION_MESSAGES[code]['en-US'], params),
});

/** A field the scenic rules refuse (400 VALIDATION_FAILED naming the field). */
export const invalid = (
  path: string,
  code: ScenicValidationCode,
  params?: Record<string, string | number>,
) => new AppError('VALIDATION_FAILED', { fields: [{ path, message: bi(code, params) }] });

export const spotNotFound = () =>
  notFound({ 'zh-CN': '景点不存在', 'en-US': 'No such scenic spot' });

export const windowNotFound = () =>
  notFound({ 'zh-CN': '维护窗口不存在', 'en-US': 'No such maintenance window' });
