// The workplace (issue #16 §2; seed §2 workplace layout): the operation's figures, popular
// spots and market share on the left; quick operations, announcements and recently visited on
// the right. One call (`GET /api/dashboard/workplace`); team, message and maintenance events
// refresh it through its cache tag, gate readings at most once per LOAD_REFRESH_MS.
import { useCallback, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Button, Grid, Skeleton, Space, Typography } from '@arco-design/web-react';
import { invalidateApiTags, useLiveEvents, type LiveListener } from '@console/shared/api';
import { selectUser, useAppDispatch, useAppSelector } from '@console/shared/store';
import { useWorkplaceQuery } from '../../api';
import { LazyResult } from '../../components/LazyResult';
import { Figures } from './Figures';
import { PopularSpots } from './PopularSpots';
import { MarketShare } from './MarketShare';
import { Announcements, QuickOperations, RecentVisits } from './SideLists';

/** Gate readings arrive every few seconds; the visitors figure follows at this pace. */
const LOAD_REFRESH_MS = 10_000;

export default function WorkplacePage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { data, isLoading, isError, refetch } = useWorkplaceQuery();
  const lastLoadRefresh = useRef(0);

  const onEvent = useCallback<LiveListener>(
    (event) => {
      if (event.type !== 'scenic.load.changed') return;
      const now = Date.now();
      if (now - lastLoadRefresh.current < LOAD_REFRESH_MS) return;
      lastLoadRefresh.current = now;
      invalidateApiTags(dispatch, [{ type: 'Dashboard', id: 'WORKPLACE' }]);
    },
    [dispatch],
  );
  useLiveEvents(onEvent);

  if (isError && !data)
    return (
      <LazyResult
        status="error"
        title={intl.formatMessage({ id: 'dashboard.loadFailed' })}
        extra={
          <Button type="primary" onClick={() => void refetch()}>
            {intl.formatMessage({ id: 'dashboard.retry' })}
          </Button>
        }
      />
    );

  return (
    <div data-testid="workplace">
      <Space direction="vertical" size={4} style={{ marginBottom: 16 }}>
        <Typography.Title heading={5} style={{ margin: 0 }}>
          {intl.formatMessage(
            { id: 'workplace.welcome' },
            // The operation's data (names, spots, notices) is marked so the locale test skips it.
            { name: <span data-operation-data>{user?.name ?? ''}</span> },
          )}
        </Typography.Title>
        {data && (
          <Typography.Text type="secondary">
            {intl.formatMessage({ id: 'workplace.today' }, { date: data.today })}
          </Typography.Text>
        )}
      </Space>
      {isLoading || !data ? (
        <Skeleton animation text={{ rows: 8 }} />
      ) : (
        <Grid.Row gutter={[16, 16]}>
          <Grid.Col xs={24} lg={16}>
            <Space direction="vertical" size={16} style={{ width: '100%' }}>
              <Figures data={data} />
              <Grid.Row gutter={[16, 16]}>
                <Grid.Col xs={24} xl={14}>
                  <PopularSpots spots={data.popularSpots} />
                </Grid.Col>
                <Grid.Col xs={24} xl={10}>
                  <MarketShare share={data.marketShare} />
                </Grid.Col>
              </Grid.Row>
            </Space>
          </Grid.Col>
          <Grid.Col xs={24} lg={8}>
            <Space direction="vertical" size={16} style={{ width: '100%' }}>
              <QuickOperations keys={data.quickOperations} />
              <Announcements items={data.announcements} />
              <RecentVisits pages={data.recent} />
            </Space>
          </Grid.Col>
        </Grid.Row>
      )}
    </div>
  );
}
