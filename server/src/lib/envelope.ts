import { SUCCESS_CODE, type Envelope } from '@console/shared';

export const ok = <T>(data: T, msg = 'ok'): Envelope<T> => ({ code: SUCCESS_CODE, msg, data });
