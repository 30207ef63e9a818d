// The grouped edit form of a spot (basic; capacity and reservation; opening hours and tickets;
// guide requirements). Validation is the shared contract's, worded in the current locale.
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  Button,
  Card,
  Form,
  Grid,
  Input,
  InputNumber,
  Message,
  Select,
  Space,
  Switch,
  TimePicker,
} from '@arco-design/web-react';
import {
  SCENIC_GRADES,
  SCENIC_LIMITS,
  scenicSpotCreateBody,
  type ScenicSpot,
  type ScenicSpotCreateBody,
} from '@console/shared';
import { apiErrorEnvelope, showApiError } from '@console/shared/api';
import { scenicApi } from '../../api';
import { useCategories, useContractErrors } from '../../hooks';

type FormValues = Omit<ScenicSpotCreateBody, 'priceAdult' | 'priceChild' | 'images'> & {
  priceAdult?: number;
  priceChild?: number;
  images?: string;
};

const EMPTY: Partial<FormValues> = {
  grade: 'none',
  openTime: '08:00',
  closeTime: '17:30',
  avgVisitMinutes: 120,
  reservationRequired: false,
  certifiedGuidesOnly: false,
  maxPaxPerGuide: 30,
  priceAdult: 0,
  priceChild: 0,
  address: '',
  description: '',
  images: '',
};

function toForm(spot: ScenicSpot): Partial<FormValues> {
  return {
    ...spot,
    priceAdult: spot.priceAdult / 100,
    priceChild: spot.priceChild / 100,
    images: spot.images.join('\n'),
  };
}

/** Form values → the contract's body (yuan → fen, one image per line). */
function toBody(v: Partial<FormValues>): Record<string, unknown> {
  const fen = (y: number | undefined) => (typeof y === 'number' ? Math.round(y * 100) : undefined);
  const body: Record<string, unknown> = {
    ...v,
    priceAdult: fen(v.priceAdult),
    priceChild: fen(v.priceChild),
    images: (v.images ?? '')
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean),
  };
  for (const k of Object.keys(body)) if (body[k] === null || body[k] === undefined) delete body[k];
  return body;
}

export function SpotForm({
  spot,
  onSaved,
}: {
  spot: ScenicSpot | null;
  onSaved(spot: ScenicSpot): void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<Partial<FormValues>>();
  const categories = useCategories();
  const contractErrors = useContractErrors();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(spot ? toForm(spot) : EMPTY);
  }, [spot, form]);

  // Every field re-checks the whole contract, so cross-field rules (instantaneous ≤ daily,
  // opening before closing) show on the field they concern as soon as either side changes.
  const rule = (field: string) => [
    {
      validator: (_: unknown, callback: (error?: string) => void) =>
        callback(contractErrors(scenicSpotCreateBody, toBody(form.getFieldsValue()))[field]),
    },
  ];
  const item = (field: string, label: string, node: React.ReactNode, extra?: object) => (
    <div data-testid={`field-${field}`}>
      <Form.Item field={field} label={label} rules={rule(field)} {...extra}>
        {node}
      </Form.Item>
    </div>
  );

  const submit = async () => {
    const body = toBody(form.getFieldsValue());
    const errors = contractErrors(scenicSpotCreateBody, body);
    if (Object.keys(errors).length > 0) {
      form.setFields(
        Object.fromEntries(
          Object.entries(errors).map(([f, message]) => [f, { error: { message } }]),
        ),
      );
      return;
    }
    setSaving(true);
    try {
      const saved = spot
        ? await scenicApi.update(spot.id, {
            ...(body as ScenicSpotCreateBody),
            version: spot.version,
          })
        : await scenicApi.create(body as ScenicSpotCreateBody);
      Message.success(t(spot ? 'scenic.action.saved' : 'scenic.action.created'));
      onSaved(saved);
    } catch (error) {
      const fields = apiErrorEnvelope(error)?.fields ?? [];
      if (fields.length > 0) {
        form.setFields(
          Object.fromEntries(
            fields.map((f) => [f.path.split('.')[0], { error: { message: f.message } }]),
          ),
        );
      }
      showApiError(error);
    } finally {
      setSaving(false);
    }
  };

  const col = (children: React.ReactNode) => (
    <Grid.Col xs={24} md={12} xl={8}>
      {children}
    </Grid.Col>
  );
  const num = (min: number, max: number, precision = 0) => (
    <InputNumber min={min} max={max} precision={precision} style={{ width: '100%' }} />
  );

  return (
    <Form form={form} layout="vertical" data-testid="spot-form">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card title={t('scenic.maintenance.group.basic')}>
          <Grid.Row gutter={24}>
            {col(item('code', t('scenic.field.code'), <Input maxLength={SCENIC_LIMITS.codeMax} />))}
            {col(item('name', t('scenic.field.name'), <Input maxLength={SCENIC_LIMITS.nameMax} />))}
            {col(
              item(
                'grade',
                t('scenic.field.grade'),
                <Select
                  options={SCENIC_GRADES.map((g) => ({ value: g, label: t(`scenic.grade.${g}`) }))}
                />,
              ),
            )}
            {col(
              item(
                'category',
                t('scenic.field.category'),
                <Select
                  options={categories.items.map((c) => ({
                    value: c.value,
                    label: categories.label(c.value),
                  }))}
                />,
              ),
            )}
            {col(
              item(
                'province',
                t('scenic.field.province'),
                <Input maxLength={SCENIC_LIMITS.regionMax} />,
              ),
            )}
            {col(
              item('city', t('scenic.field.city'), <Input maxLength={SCENIC_LIMITS.regionMax} />),
            )}
            {col(
              item(
                'address',
                t('scenic.field.address'),
                <Input maxLength={SCENIC_LIMITS.addressMax} />,
              ),
            )}
            {col(item('latitude', t('scenic.field.latitude'), num(-90, 90, 6)))}
            {col(item('longitude', t('scenic.field.longitude'), num(-180, 180, 6)))}
            <Grid.Col span={24}>
              {item(
                'description',
                t('scenic.field.description'),
                <Input.TextArea
                  maxLength={SCENIC_LIMITS.descriptionMax}
                  showWordLimit
                  autoSize={{ minRows: 2 }}
                />,
              )}
            </Grid.Col>
            <Grid.Col span={24}>
              {item(
                'images',
                t('scenic.field.images'),
                <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />,
              )}
            </Grid.Col>
          </Grid.Row>
        </Card>
        <Card title={t('scenic.maintenance.group.capacity')}>
          <Grid.Row gutter={24}>
            {col(
              item(
                'dailyCapacity',
                t('scenic.field.dailyCapacity'),
                num(1, SCENIC_LIMITS.capacityMax),
              ),
            )}
            {col(
              item(
                'instantCapacity',
                t('scenic.field.instantCapacity'),
                num(1, SCENIC_LIMITS.capacityMax),
              ),
            )}
            {col(
              item('reservationRequired', t('scenic.field.reservationRequired'), <Switch />, {
                triggerPropName: 'checked',
              }),
            )}
          </Grid.Row>
        </Card>
        <Card title={t('scenic.maintenance.group.hours')}>
          <Grid.Row gutter={24}>
            {col(
              item(
                'openTime',
                t('scenic.field.openTime'),
                <TimePicker format="HH:mm" style={{ width: '100%' }} />,
              ),
            )}
            {col(
              item(
                'closeTime',
                t('scenic.field.closeTime'),
                <TimePicker format="HH:mm" style={{ width: '100%' }} />,
              ),
            )}
            {col(
              item(
                'avgVisitMinutes',
                t('scenic.field.avgVisitMinutes'),
                num(1, SCENIC_LIMITS.visitMinutesMax),
              ),
            )}
            {col(
              item(
                'priceAdult',
                t('scenic.field.priceAdult'),
                num(0, SCENIC_LIMITS.priceMax / 100, 2),
              ),
            )}
            {col(
              item(
                'priceChild',
                t('scenic.field.priceChild'),
                num(0, SCENIC_LIMITS.priceMax / 100, 2),
              ),
            )}
          </Grid.Row>
        </Card>
        <Card title={t('scenic.maintenance.group.guides')}>
          <Grid.Row gutter={24}>
            {col(
              item('certifiedGuidesOnly', t('scenic.field.certifiedGuidesOnly'), <Switch />, {
                triggerPropName: 'checked',
              }),
            )}
            {col(
              item(
                'maxPaxPerGuide',
                t('scenic.field.maxPaxPerGuide'),
                num(1, SCENIC_LIMITS.paxPerGuideMax),
              ),
            )}
          </Grid.Row>
        </Card>
        <Button
          type="primary"
          loading={saving}
          onClick={() => void submit()}
          data-testid="spot-save"
        >
          {t('scenic.action.save')}
        </Button>
      </Space>
    </Form>
  );
}
