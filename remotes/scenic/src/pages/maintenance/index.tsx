// Scenic maintenance (/scenic/maintenance, admin and operator): pick a spot (or create one),
// edit it with the grouped form, and keep its maintenance windows.
import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  Button,
  Card,
  Empty,
  Result,
  Select,
  Space,
  Spin,
  Typography,
} from '@arco-design/web-react';
import type { ScenicSpot } from '@console/shared';
import { scenicApi } from '../../api';
import { SpotForm } from './SpotForm';
import { selectPermissions, useAppSelector } from '@console/shared/store';
import { WindowsTable } from './WindowsTable';
import { GateKeys } from './GateKeys';

export default function ScenicMaintenancePage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const creating = params.get('new') === '1';
  const canManageKeys = useAppSelector((s) => selectPermissions(s).includes('scenic:gate-keys'));
  const [spot, setSpot] = useState<ScenicSpot | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [options, setOptions] = useState<ScenicSpot[]>([]);

  const load = useCallback(() => {
    if (!id) {
      setSpot(null);
      return;
    }
    setLoading(true);
    setFailed(false);
    scenicApi
      .get(id)
      .then(setSpot)
      .catch(() => setFailed(true))
      .finally(() => setLoading(false));
  }, [id]);
  useEffect(load, [load]);

  const search = useCallback((keyword: string) => {
    scenicApi
      .list({ keyword, pageSize: 20 })
      .then((page) => setOptions(page.list))
      .catch(() => setOptions([]));
  }, []);
  useEffect(() => search(''), [search]);

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
          <Select
            showSearch
            filterOption={false}
            style={{ width: 320 }}
            placeholder={t('scenic.maintenance.pickPlaceholder')}
            value={id ?? undefined}
            onSearch={search}
            onChange={(value: number) => setParams({ id: String(value) })}
            options={options.map((s) => ({ value: s.id, label: `${s.name}（${s.code}）` }))}
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
          extra={<Button onClick={load}>{t('scenic.detail.retry')}</Button>}
        />
      ) : creating || spot ? (
        <>
          {creating && !spot && (
            <Typography.Title heading={5}>{t('scenic.maintenance.creating')}</Typography.Title>
          )}
          <SpotForm
            spot={creating ? null : spot}
            onSaved={(saved) => {
              setSpot(saved);
              setParams({ id: String(saved.id) });
            }}
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
