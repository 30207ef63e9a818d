// Scenic maintenance (/scenic/maintenance, admin and operator): pick a spot (or create one),
// edit it with the grouped form, and keep its maintenance windows.
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Card, Empty, Result, Space, Spin, Typography } from '@arco-design/web-react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { isNotFoundError, parseRecordId } from '@console/shared/api';
import { SpotPicker } from '@console/shared/components/spot-picker';
import { useScenicSpotQuery } from '../../api';
import { SpotForm } from './SpotForm';
import { useHasPermission } from '@console/shared/permission';
import { WindowsTable } from './WindowsTable';
import { GateKeys } from './GateKeys';

export default function ScenicMaintenancePage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = parseRecordId(params.get('id'));
  const creating = params.get('new') === '1';
  const canManageKeys = useHasPermission('scenic:gate-keys');
  const spotQuery = useScenicSpotQuery(id ?? skipToken);
  const spot = id ? (spotQuery.data ?? null) : null;
  const loading = id !== null && spotQuery.isLoading;
  const failed = id !== null && spotQuery.isError;
  const load = () => void spotQuery.refetch();

  return (
    <Space
      direction="vertical"
      size={16}
      style={{ width: '100%' }}
      data-testid="scenic-maintenance"
    >
      <Card>
        <Space wrap>
          <Typography.Text>{t('scenic.maintenance.pick')}</Typography.Text>
          <SpotPicker
            style={{ width: 320 }}
            placeholder={t('scenic.maintenance.pickPlaceholder')}
            value={id ?? undefined}
            onChange={(value) => typeof value === 'number' && setParams({ id: String(value) })}
            data-testid="spot-picker"
          />
          <Button type="primary" onClick={() => setParams({ new: '1' })} data-testid="spot-new">
            {t('scenic.action.newSpot')}
          </Button>
          <Button type="text" onClick={() => navigate('/scenic/list')}>
            {t('scenic.action.back')}
          </Button>
        </Space>
      </Card>
      {loading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : failed ? (
        <Result
          status="404"
          subTitle={t('scenic.detail.notFound')}
          extra={
            !isNotFoundError(spotQuery.error) && (
              <Button onClick={load}>{t('scenic.detail.retry')}</Button>
            )
          }
        />
      ) : creating || spot ? (
        <>
          {creating && !spot && (
            <Typography.Title heading={5}>{t('scenic.maintenance.creating')}</Typography.Title>
          )}
          <SpotForm
            spot={creating ? null : spot}
            // The save's mutation cached the saved spot (the form goes on from it) and
            // refreshed the lists.
            onSaved={(saved) => setParams({ id: String(saved.id) })}
          />
          {spot && !creating ? (
            <>
              <WindowsTable spot={spot} />
              {canManageKeys && <GateKeys spotId={spot.id} />}
            </>
          ) : (
            <Card>
              <Typography.Text type="secondary">{t('scenic.window.saveSpotFirst')}</Typography.Text>
            </Card>
          )}
        </>
      ) : (
        <Card>
          <Empty description={t('scenic.maintenance.pick')} />
        </Card>
      )}
    </Space>
  );
}
