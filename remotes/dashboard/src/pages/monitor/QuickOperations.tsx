// Quick operations for the admin on duty: the pages a dispatcher jumps to from the monitor.
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Card, Grid } from '@arco-design/web-react';

const LINKS: Array<[labelId: string, path: string]> = [
  ['monitor.quick.maintenance', '/scenic/maintenance'],
  ['monitor.quick.scenic', '/scenic/list'],
  ['monitor.quick.allocation', '/guide/allocation'],
  ['monitor.quick.waiting', '/team/waiting'],
  ['monitor.quick.newTeam', '/team/new'],
  ['monitor.quick.log', '/system/operation-log'],
];

export function QuickOperations() {
  const intl = useIntl();
  return (
    <Card title={intl.formatMessage({ id: 'monitor.quick.title' })}>
      <Grid.Row gutter={[8, 8]}>
        {LINKS.map(([id, path]) => (
          <Grid.Col span={12} key={path}>
            <Link
              to={path}
              className="arco-btn arco-btn-secondary arco-btn-size-default arco-btn-shape-square arco-btn-long"
            >
              {intl.formatMessage({ id })}
            </Link>
          </Grid.Col>
        ))}
      </Grid.Row>
    </Card>
  );
}
