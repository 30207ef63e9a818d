// The grouped edit form of a spot (basic; capacity and reservation; opening hours and tickets;
// guide requirements). Validation is the shared contract's, worded in the current locale.
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  Alert,
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
import {
  ContractForm,
  ContractItem,
  refreshShownErrors,
  showFormErrors,
} from '@console/shared/components/contract-form';
import { scenicApi } from '../../api';
import { useCategories, useContractErrors } from '../../hooks';
import { EMPTY, toBody, toForm, type FormValues } from './spotFormValues';

/** What the form was created from: a new count is a new form (fresh values, no leftovers). */
interface Base {
  spot: ScenicSpot | null;
  n: number;
}

/**
 * The spot's grouped form. It is created from the spot it opens on and never refilled by a
 * refetch (gate readings and live events refetch the spot every few seconds; issue 25): a newer
 * version is announced with a reload, not written over what the user is typing.
 */
export function SpotForm({
  spot,
  onSaved,
}: {
  spot: ScenicSpot | null;
  onSaved(spot: ScenicSpot): void;
}) {
  const [base, setBase] = useState<Base>({ spot, n: 0 });
  // Another spot picked (or a new one started): a new form.
  if ((spot?.id ?? null) !== (base.spot?.id ?? null)) setBase({ spot, n: base.n + 1 });
  return (
    <SpotFormFields
      key={base.n}
      spot={base.spot}
      changedElsewhere={!!spot && !!base.spot && spot.version !== base.spot.version}
      onReload={() => setBase({ spot, n: base.n + 1 })}
      onSaved={(saved) => {
        // The form goes on from what the server saved (its new version).
        setBase({ spot: saved, n: base.n + 1 });
        onSaved(saved);
      }}
    />
  );
}

function SpotFormFields({
  spot,
  changedElsewhere,
  onReload,
  onSaved,
}: {
  spot: ScenicSpot | null;
  changedElsewhere: boolean;
  onReload(): void;
  onSaved(spot: ScenicSpot): void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<Partial<FormValues>>();
  const categories = useCategories();
  const contractErrors = useContractErrors();
  const [saving, setSaving] = useState(false);
  // The record's values for an edit, the create defaults for a new spot: one writer, once.
  const initialValues = useMemo(() => (spot ? toForm(spot) : EMPTY), [spot]);

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
      <ContractItem field={field} label={label} rules={rule(field)} {...extra}>
        {node}
      </ContractItem>
    </div>
  );

  const submit = async () => {
    const body = toBody(form.getFieldsValue());
    // Every error at once, with the same "fix the errors" toast as the guide form.
    if (showFormErrors(form, contractErrors(scenicSpotCreateBody, body))) return;
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
  // No min/max clamping: a value out of range is refused with the contract's field message
  // (issue #18 item 13), so the limits stay in the contract only.
  const num = (precision?: number) => (
    <InputNumber precision={precision} style={{ width: '100%' }} />
  );

  return (
    <ContractForm
      schema={scenicSpotCreateBody}
      form={form}
      initialValues={initialValues}
      layout="vertical"
      data-testid="spot-form"
      // A cross-field error (capacities, opening hours) clears when either side is corrected.
      onValuesChange={() =>
        refreshShownErrors(
          form,
          contractErrors(scenicSpotCreateBody, toBody(form.getFieldsValue())),
        )
      }
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {changedElsewhere && (
          <Alert
            type="warning"
            data-testid="spot-changed-elsewhere"
            content={t('scenic.maintenance.changedElsewhere')}
            action={
              <Button size="mini" onClick={onReload} data-testid="spot-reload">
                {t('scenic.maintenance.reload')}
              </Button>
            }
          />
        )}
        <Card title={t('scenic.maintenance.group.basic')}>
          <Grid.Row gutter={24}>
            {col(
              item(
                'code',
                t('scenic.field.code'),
                <Input maxLength={{ length: SCENIC_LIMITS.codeMax, errorOnly: true }} />,
              ),
            )}
            {col(
              item(
                'name',
                t('scenic.field.name'),
                <Input maxLength={{ length: SCENIC_LIMITS.nameMax, errorOnly: true }} />,
              ),
            )}
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
                <Input maxLength={{ length: SCENIC_LIMITS.regionMax, errorOnly: true }} />,
              ),
            )}
            {col(
              item(
                'city',
                t('scenic.field.city'),
                <Input maxLength={{ length: SCENIC_LIMITS.regionMax, errorOnly: true }} />,
              ),
            )}
            {col(
              item(
                'address',
                t('scenic.field.address'),
                <Input maxLength={{ length: SCENIC_LIMITS.addressMax, errorOnly: true }} />,
              ),
            )}
            {col(item('latitude', t('scenic.field.latitude'), num(6)))}
            {col(item('longitude', t('scenic.field.longitude'), num(6)))}
            <Grid.Col span={24}>
              {item(
                'description',
                t('scenic.field.description'),
                <Input.TextArea
                  maxLength={{ length: SCENIC_LIMITS.descriptionMax, errorOnly: true }}
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
            {col(item('dailyCapacity', t('scenic.field.dailyCapacity'), num()))}
            {col(item('instantCapacity', t('scenic.field.instantCapacity'), num()))}
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
            {col(item('avgVisitMinutes', t('scenic.field.avgVisitMinutes'), num()))}
            {col(item('priceAdult', t('scenic.field.priceAdult'), num(2)))}
            {col(item('priceChild', t('scenic.field.priceChild'), num(2)))}
          </Grid.Row>
        </Card>
        <Card title={t('scenic.maintenance.group.guides')}>
          <Grid.Row gutter={24}>
            {col(
              item('certifiedGuidesOnly', t('scenic.field.certifiedGuidesOnly'), <Switch />, {
                triggerPropName: 'checked',
              }),
            )}
            {col(item('maxPaxPerGuide', t('scenic.field.maxPaxPerGuide'), num()))}
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
    </ContractForm>
  );
}
