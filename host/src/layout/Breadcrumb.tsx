import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Breadcrumb as ArcoBreadcrumb } from '@arco-design/web-react';
import { usePinnedSections } from '@console/shared/section';
import { breadcrumbItems } from './breadcrumbItems';

export function Breadcrumb({ routeKey }: { routeKey: string }) {
  const intl = useIntl();
  const sections = usePinnedSections();
  const route = sections.flatMap((s) => s.routes).find((r) => r.key === routeKey);
  if (!route) return null;
  return (
    <ArcoBreadcrumb className="console-breadcrumb" data-testid="breadcrumb">
      {breadcrumbItems(sections, route).map((item) => (
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
