// The workplace's right column: quick operations (by the role's permissions, as the server
// answered them), announcements (notice messages) and the user's recently visited pages.
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Card, Grid, List, Typography } from '@arco-design/web-react';
import { QUICK_OPERATIONS, type Workplace } from '@console/shared';
import { operationDateTime } from '@console/shared/i18n';
import { useLocale, useRouteTitle } from '../../hooks';

export function QuickOperations({ keys }: { keys: string[] }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const locale = useLocale();
  const operations = QUICK_OPERATIONS.filter((o) => keys.includes(o.key));
  return (
    <Card
      title={intl.formatMessage({ id: 'workplace.quick.title' })}
      data-testid="quick-operations"
      bordered={false}
    >
      {operations.length === 0 ? (
        <Typography.Text type="secondary">
          {intl.formatMessage({ id: 'workplace.quick.empty' })}
        </Typography.Text>
      ) : (
        <Grid.Row gutter={[8, 8]}>
          {operations.map((o) => (
            <Grid.Col span={12} key={o.key}>
              <Button long data-key={o.key} onClick={() => navigate(o.path)}>
                {o.title[locale]}
              </Button>
            </Grid.Col>
          ))}
        </Grid.Row>
      )}
    </Card>
  );
}

export function Announcements({ items }: { items: Workplace['announcements'] }) {
  const intl = useIntl();
  return (
    <Card
      title={intl.formatMessage({ id: 'workplace.announcements.title' })}
      extra={
        <Link to="/messages">{intl.formatMessage({ id: 'workplace.announcements.more' })}</Link>
      }
      data-testid="announcements"
      bordered={false}
    >
      <List
        size="small"
        bordered={false}
        dataSource={items}
        noDataElement={
          <Typography.Text type="secondary">
            {intl.formatMessage({ id: 'workplace.announcements.empty' })}
          </Typography.Text>
        }
        render={(item) => (
          <List.Item key={item.id}>
            <Typography.Text
              ellipsis
              bold={!item.read}
              style={{ marginBottom: 0 }}
              data-operation-data
            >
              {item.title}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {operationDateTime(item.time)}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}

export function RecentVisits({ pages }: { pages: Workplace['recent'] }) {
  const intl = useIntl();
  const title = useRouteTitle();
  return (
    <Card
      title={intl.formatMessage({ id: 'workplace.recent.title' })}
      data-testid="recent-visits"
      bordered={false}
    >
      {pages.length === 0 ? (
        <Typography.Text type="secondary">
          {intl.formatMessage({ id: 'workplace.recent.empty' })}
        </Typography.Text>
      ) : (
        <Grid.Row gutter={[8, 8]}>
          {pages.map((p) => (
            <Grid.Col span={12} key={p.path}>
              <Link to={p.path} title={p.path}>
                {title(p.key, p.path)}
              </Link>
            </Grid.Col>
          ))}
        </Grid.Row>
      )}
    </Card>
  );
}
