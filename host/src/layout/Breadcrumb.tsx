import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Breadcrumb as ArcoBreadcrumb } from '@arco-design/web-react';
import { SECTION_ROUTES } from '@console/shared/contracts/menu';
import { breadcrumbItems } from './breadcrumbItems';

export function Breadcrumb({ routeKey }: { routeKey: string }) {
  const intl = useIntl();
  const route = SECTION_ROUTES.find((r) => r.key === routeKey);
  if (!route) return null;
  return (
    <ArcoBreadcrumb className="console-breadcrumb" data-testid="breadcrumb">
      {breadcrumbItems(route).map((item) => (
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
