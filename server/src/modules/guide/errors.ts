// The guide module's refusals shared by its services.
import { AppError } from '../../lib/app-error';

export const bi = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

export const guideNotFound = () =>
  new AppError('NOT_FOUND', { detail: bi('导游不存在', 'No such guide') });
