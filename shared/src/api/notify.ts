// A failed call announced as a notification (seed §8: the server menu), loaded with the call.
import { Notification } from '@arco-design/web-react';
import { apiErrorMessage } from './errorCatalogue';

export function notifyFailure(title: string, error: unknown): void {
  Notification.error({ title, content: apiErrorMessage(error) });
}
