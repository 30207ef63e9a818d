// The month calendar of a guide's unavailability (leave, sick days, training, days off),
// with adding and deleting for writers. Assignments join it once teams exist.
import { useMemo, useState } from 'react';
import {
  Button,
  Calendar,
  Card,
  DatePicker,
  Form,
  Input,
  List,
  Message,
  Modal,
  Popconfirm,
  Select,
  Space,
  Tag,
} from '@arco-design/web-react';
import dayjs, { type Dayjs } from 'dayjs';
import { useIntl } from 'react-intl';
import {
  isoToday,
  UNAVAILABILITY_TYPES,
  unavailabilityBody,
  type UnavailabilityPeriod,
} from '@console/shared';
import {
  ContractForm,
  ContractItem,
  refreshShownErrors,
  requiredFields,
  showFormErrors,
  type FieldErrors,
} from '@console/shared/components/contract-form';
import {
  useAddUnavailabilityMutation,
  useGuideUnavailabilityQuery,
  useRemoveUnavailabilityMutation,
} from '../../api';
import { useEnumLabel, useValidationText } from '../../hooks';

const TYPE_COLOR: Record<UnavailabilityPeriod['type'], string> = {
  leave: 'orange',
  sick: 'red',
  training: 'arcoblue',
  day_off: 'gray',
};

const NO_PERIODS: UnavailabilityPeriod[] = [];

/** The range field stands for the contract's start and end dates. */
const RANGE_REQUIRED = ['startDate', 'endDate'].some((f) =>
  requiredFields(unavailabilityBody).has(f),
);

/** A period added or removed refreshes the calendar, the history and the lists (its mutation). */
export function LeaveCalendar({ guideId, canWrite }: { guideId: number; canWrite: boolean }) {
  const intl = useIntl();
  const label = useEnumLabel();
  // The operation's today (Asia/Shanghai), whatever the browser's own zone.
  const [month, setMonth] = useState<Dayjs>(() => dayjs(isoToday()));
  const [adding, setAdding] = useState(false);

  const from = month.startOf('month').startOf('week').format('YYYY-MM-DD');
  const to = month.endOf('month').endOf('week').add(7, 'day').format('YYYY-MM-DD');
  const unavailability = useGuideUnavailabilityQuery({ id: guideId, from, to });
  const periods = unavailability.isError ? NO_PERIODS : (unavailability.data ?? NO_PERIODS);
  const [removeUnavailability] = useRemoveUnavailabilityMutation();

  const byDay = useMemo(() => {
    return (day: string) => periods.filter((p) => p.startDate <= day && p.endDate >= day);
  }, [periods]);
  const inMonth = periods.filter(
    (p) =>
      p.endDate >= month.startOf('month').format('YYYY-MM-DD') &&
      p.startDate <= month.endOf('month').format('YYYY-MM-DD'),
  );

  const remove = async (p: UnavailabilityPeriod) => {
    await removeUnavailability({ id: guideId, periodId: p.id }).unwrap();
    Message.success(intl.formatMessage({ id: 'guide.message.leaveRemoved' }));
  };

  return (
    <Card
      title={intl.formatMessage({ id: 'guide.profile.calendar' })}
      extra={
        canWrite && (
          <Button
            type="primary"
            size="small"
            onClick={() => setAdding(true)}
            data-testid="add-leave"
          >
            {intl.formatMessage({ id: 'guide.action.addLeave' })}
          </Button>
        )
      }
    >
      <Calendar
        panelWidth="100%"
        pageShowDate={month}
        onPanelChange={(d) => setMonth(d)}
        onChange={(d) => setMonth(d)}
        dateInnerContent={(date) => {
          const day = date.format('YYYY-MM-DD');
          return (
            <div
              data-testid={`calendar-${day}`}
              style={{ display: 'flex', flexDirection: 'column', gap: 2 }}
            >
              {byDay(day).map((p) => (
                <Tag
                  key={p.id}
                  size="small"
                  color={TYPE_COLOR[p.type]}
                  data-testid="calendar-period"
                >
                  {label('unavailability', p.type)}
                </Tag>
              ))}
            </div>
          );
        }}
      />
      <List
        size="small"
        style={{ marginTop: 12 }}
        dataSource={inMonth}
        noDataElement={
          <div style={{ padding: 12, color: 'var(--color-text-3)' }}>
            {intl.formatMessage({ id: 'guide.profile.noLeave' })}
          </div>
        }
        render={(p: UnavailabilityPeriod) => (
          <List.Item
            key={p.id}
            actions={
              canWrite
                ? [
                    <Popconfirm
                      key="delete"
                      title={intl.formatMessage({ id: 'guide.confirm.removeLeave' })}
                      onOk={() => remove(p)}
                    >
                      <Button size="mini" status="danger" type="text">
                        {intl.formatMessage({ id: 'guide.action.delete' })}
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <Space>
              <Tag color={TYPE_COLOR[p.type]}>{label('unavailability', p.type)}</Tag>
              <span>
                {p.startDate} ~ {p.endDate}
              </span>
              <span style={{ color: 'var(--color-text-3)' }}>{p.reason}</span>
            </Space>
          </List.Item>
        )}
      />
      <AddPeriodModal
        guideId={guideId}
        visible={adding}
        onClose={() => setAdding(false)}
        onAdded={(p) => {
          setAdding(false);
          setMonth(dayjs(p.startDate));
        }}
      />
    </Card>
  );
}

function AddPeriodModal(props: {
  guideId: number;
  visible: boolean;
  onClose(): void;
  onAdded(p: UnavailabilityPeriod): void;
}) {
  const intl = useIntl();
  const label = useEnumLabel();
  const text = useValidationText();
  const [form] = Form.useForm();
  const [addUnavailability, { isLoading: saving }] = useAddUnavailabilityMutation();

  /**
   * The values checked with the contract the server uses; every failing field's message (the
   * period's two dates are one range field here).
   */
  const check = () => {
    const v = form.getFieldsValue() as { type?: string; range?: string[]; reason?: string };
    const parsed = unavailabilityBody.safeParse({
      type: v.type,
      startDate: v.range?.[0] ?? '',
      endDate: v.range?.[1] ?? '',
      reason: v.reason ?? '',
    });
    const errors: FieldErrors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        const field = key === 'startDate' || key === 'endDate' ? 'range' : key;
        errors[field] ??= text(issue.code === 'invalid_type' ? 'required' : issue.message);
      }
    return { parsed, errors };
  };

  const submit = async () => {
    const { parsed, errors } = check();
    if (showFormErrors(form, errors) || !parsed.success) return;
    try {
      const created = await addUnavailability({ id: props.guideId, body: parsed.data }).unwrap();
      Message.success(intl.formatMessage({ id: 'guide.message.leaveAdded' }));
      form.resetFields();
      props.onAdded(created);
    } catch {
      /* the client showed the server's message (e.g. the overlapping period) */
    }
  };

  return (
    <Modal
      title={intl.formatMessage({ id: 'guide.action.addLeave' })}
      visible={props.visible}
      onOk={submit}
      confirmLoading={saving}
      onCancel={props.onClose}
      okText={intl.formatMessage({ id: 'guide.action.save' })}
      cancelText={intl.formatMessage({ id: 'guide.action.cancel' })}
      unmountOnExit
    >
      <ContractForm
        schema={unavailabilityBody}
        form={form}
        layout="vertical"
        initialValues={{ type: 'leave' }}
        onValuesChange={() => refreshShownErrors(form, check().errors)}
      >
        <ContractItem label={intl.formatMessage({ id: 'guide.field.type' })} field="type">
          <Select
            options={UNAVAILABILITY_TYPES.map((t) => ({
              value: t,
              label: label('unavailability', t),
            }))}
          />
        </ContractItem>
        <ContractItem
          label={`${intl.formatMessage({ id: 'guide.field.startDate' })} ~ ${intl.formatMessage({ id: 'guide.field.endDate' })}`}
          field="range"
          required={RANGE_REQUIRED}
        >
          <DatePicker.RangePicker style={{ width: '100%' }} data-testid="leave-range" />
        </ContractItem>
        <ContractItem label={intl.formatMessage({ id: 'guide.field.reason' })} field="reason">
          <Input.TextArea maxLength={200} showWordLimit data-testid="leave-reason" />
        </ContractItem>
      </ContractForm>
    </Modal>
  );
}
