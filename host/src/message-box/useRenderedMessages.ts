// System messages in the reader's current language, re-rendered when the language changes
// (issue #18 item 4; the templates live in the shared message contract).
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { resolveLocale } from '@console/shared/contracts/locale';
import { renderMessage, type MessageItem } from '@console/shared/contracts/message';

export function useRenderedMessages(items: MessageItem[]): MessageItem[] {
  const locale = resolveLocale(useIntl().locale);
  return useMemo(
    () => items.map((item) => ({ ...item, ...renderMessage(item, locale) })),
    [items, locale],
  );
}
