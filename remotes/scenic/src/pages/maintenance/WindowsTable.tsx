// Maintenance windows of a spot: table with create, edit and delete (issue #6).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import dayjs from 'dayjs';
import {
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Message,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
} from '@arco-design/web-react';
import {
  formatMessage,
  SCENIC_LIMITS,
  SCENIC_VALIDATION_MESSAGES,
  scenicWindowBody,
  type Locale,
  type ScenicMaintenanceWindow,
  type ScenicSpot,
} from '@console/shared';
import { scenicApi, useInvalidateScenic, useScenicWindowsQuery } from '../../api';
import {
  ContractForm,
  ContractItem,
  refreshShownErrors,
  requiredFields,
  showFormErrors,
  type FieldErrors,
} from '@console/shared/components/contract-form';
import { useContractErrors } from '../../hooks';
import { operationDateTime } from '@console/shared/i18n';

const PHASE_COLOR = { current: 'purple', past: 'gray', upcoming: 'arcoblue' } as const;
const FORMAT = 'YYYY-MM-DD HH:mm';

interface WindowForm {
  range?: [string, string];
  reason?: string;
  capacity?: number;
}

const NO_ROWS: ScenicMaintenanceWindow[] = [];

/** The range field stands for the contract's start and end. */
const RANGE_REQUIRED = ['startAt', 'endAt'].some((f) => requiredFields(scenicWindowBody).has(f));

export function WindowsTable({ spot }: { spot: ScenicSpot }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const contractErrors = useContractErrors();
  const windows = useScenicWindowsQuery(spot.id);
  const rows = windows.isError ? NO_ROWS : (windows.data ?? NO_ROWS);
  const loading = windows.isFetching;
  const invalidate = useInvalidateScenic();
  // A window changes the lists' derived status too (the spot being edited is left as it is).
  const load = () =>
    invalidate([
      { type: 'ScenicWindow', id: spot.id },
      { type: 'ScenicSpot', id: 'LIST' },
    ]);
  const [editing, setEditing] = useState<ScenicMaintenanceWindow | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<WindowForm>();

  const openEditor = (w: ScenicMaintenanceWindow | 'new') => {
    setEditing(w);
    form.resetFields();
    if (w !== 'new') {
      form.setFieldsValue({
        range: [dayjs(w.startAt).format(FORMAT), dayjs(w.endAt).format(FORMAT)],
        reason: w.reason,
        capacity: w.capacity,
      });
    } else form.setFieldsValue({ capacity: 0 });
  };

  const toBody = (v: WindowForm) => ({
    startAt: v.range?.[0] ? dayjs(v.range[0]).toISOString() : undefined,
    endAt: v.range?.[1] ? dayjs(v.range[1]).toISOString() : undefined,
    reason: v.reason,
    capacity: v.capacity,
  });

  /**
   * Every failing field with its message: the contract the server uses, plus the spot's own
   * daily capacity (the period's two ends are one range field here).
   */
  const check = () => {
    const body = toBody(form.getFieldsValue());
    const errors = contractErrors(scenicWindowBody, body);
    if (
      typeof body.capacity === 'number' &&
      body.capacity > spot.dailyCapacity &&
      !errors.capacity
    ) {
      errors.capacity = formatMessage(
        SCENIC_VALIDATION_MESSAGES.windowCapacityExceedsDaily[intl.locale as Locale],
        { daily: spot.dailyCapacity },
      );
    }
    const fields: FieldErrors = {};
    for (const [f, message] of Object.entries(errors))
      fields[f === 'startAt' || f === 'endAt' ? 'range' : f] ??= message;
    return { body, errors: fields };
  };

  const save = async () => {
    const { body, errors } = check();
    // Every error at once, with the same "fix the errors" toast as the other forms.
    if (showFormErrors(form, errors)) return;
    setSaving(true);
    try {
      const valid = scenicWindowBody.parse(body);
      if (editing === 'new') await scenicApi.addWindow(spot.id, valid);
      else if (editing)
        await scenicApi.updateWindow(spot.id, editing.id, { ...valid, version: editing.version });
      Message.success(t('scenic.action.saved'));
      setEditing(null);
      load();
    } catch {
      /* the client showed the server's message (overlap, stale version …) */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title={t('scenic.maintenance.windows')}
      extra={
        <Button
          type="primary"
          size="small"
          onClick={() => openEditor('new')}
          data-testid="window-add"
        >
          {t('scenic.window.add')}
        </Button>
      }
      data-testid="windows-card"
    >
      <Typography.Paragraph type="secondary">
        {t('scenic.maintenance.windowsHint')}
      </Typography.Paragraph>
      <Table
        rowKey="id"
        loading={loading}
        data={rows}
        pagination={false}
        noDataElement={
          <Typography.Text type="secondary">{t('scenic.window.empty')}</Typography.Text>
        }
        columns={[
          {
            title: t('scenic.window.start'),
            dataIndex: 'startAt',
            render: (v: string) => operationDateTime(v),
          },
          {
            title: t('scenic.window.end'),
            dataIndex: 'endAt',
            render: (v: string) => operationDateTime(v),
          },
          { title: t('scenic.window.reason'), dataIndex: 'reason', ellipsis: true },
          { title: t('scenic.window.capacity'), dataIndex: 'capacity' },
          {
            title: t('scenic.field.status'),
            dataIndex: 'phase',
            render: (p: ScenicMaintenanceWindow['phase']) => (
              <Tag color={PHASE_COLOR[p]}>{t(`scenic.window.phase.${p}`)}</Tag>
            ),
          },
          {
            title: '',
            render: (_: unknown, w: ScenicMaintenanceWindow) => (
              <Space size={0}>
                <Button type="text" size="mini" onClick={() => openEditor(w)}>
                  {t('scenic.action.edit')}
                </Button>
                <Popconfirm
                  title={t('scenic.window.deleteConfirm')}
                  onOk={async () => {
                    await scenicApi.removeWindow(spot.id, w.id, w.version);
                    Message.success(t('scenic.action.deleted'));
                    load();
                  }}
                >
                  <Button type="text" size="mini" status="danger">
                    {t('scenic.action.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={t(editing === 'new' ? 'scenic.window.add' : 'scenic.window.edit')}
        visible={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        confirmLoading={saving}
        unmountOnExit
      >
        <ContractForm
          schema={scenicWindowBody}
          form={form}
          layout="vertical"
          data-testid="window-form"
          onValuesChange={() => refreshShownErrors(form, check().errors)}
        >
          <ContractItem
            field="range"
            label={t('scenic.window.range')}
            data-testid="window-range"
            required={RANGE_REQUIRED}
          >
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format={FORMAT}
              style={{ width: '100%' }}
            />
          </ContractItem>
          <ContractItem field="reason" label={t('scenic.window.reason')}>
            <Input.TextArea maxLength={SCENIC_LIMITS.reasonMax} showWordLimit />
          </ContractItem>
          <ContractItem
            field="capacity"
            label={t('scenic.window.capacity')}
            extra={`0 – ${spot.dailyCapacity}`}
          >
            <InputNumber
              min={0}
              max={SCENIC_LIMITS.capacityMax}
              precision={0}
              style={{ width: '100%' }}
            />
          </ContractItem>
        </ContractForm>
      </Modal>
    </Card>
  );
}
