import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Breadcrumb as ArcoBreadcrumb } from '@arco-design/web-react';
import type { GuardedRoute } from '@console/shared/permission';
import { usePinnedSections } from '@console/shared/section';
import { breadcrumbItems } from './breadcrumbItems';

export function Breadcrumb({ route }: { route: GuardedRoute }) {
  const intl = useIntl();
  const sections = usePinnedSections();
  const items = breadcrumbItems(sections, route);
  if (items.length === 0) return null;
  return (
    <ArcoBreadcrumb className="console-breadcrumb" data-testid="breadcrumb">
      {items.map((item) => (
        <ArcoBreadcrumb.Item key={item.locale}>
          {item.to ? (
            <Link to={item.to}>{intl.formatMessage({ id: item.locale })}</Link>
          ) : (
            intl.formatMessage({ id: item.locale })
          )}
        </ArcoBreadcrumb.Item>
      ))}
    </ArcoBreadcrumb>
  );
}
