// The one placeholder the issue allows: a section page whose own issue has not landed yet
// (loaded by SectionPending.tsx when shown).
import { Empty, Typography } from '@arco-design/web-react';
import { localized } from '../i18n/messages';
import { useAppSelector } from '../store';
import { selectLocale } from '../store/localeSlice';
import { usePinnedRoutes } from './catalogue';

/** `description` comes from the section's own messages, in the active locale. */
export default function SectionPendingView({
  routeKey,
  description,
}: {
  routeKey: string;
  description: string;
}) {
  const locale = useAppSelector(selectLocale);
  const route = usePinnedRoutes().find((r) => r.key === routeKey);
  return (
    <div data-testid="section-pending" data-route={routeKey}>
      {route && <Typography.Title heading={5}>{localized(route.title, locale)}</Typography.Title>}
      <Empty description={description} />
    </div>
  );
}
