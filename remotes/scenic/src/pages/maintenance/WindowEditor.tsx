// The add/edit dialog of a maintenance window. Its form is created from the window it opens on
// (one writer, once; issue 25), shows times in the operation's zone like the table beside it,
// and sends back exactly what it holds: an end left as it was keeps its instant to the second.
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { DatePicker, Form, Input, InputNumber, Message, Modal } from '@arco-design/web-react';
import {
  formatMessage,
  localDate,
  localTime,
  operationInstant,
  SCENIC_LIMITS,
  SCENIC_VALIDATION_MESSAGES,
  scenicWindowBody,
  type Locale,
  type ScenicMaintenanceWindow,
  type ScenicSpot,
} from '@console/shared';
import {
  ContractForm,
  ContractItem,
  refreshShownErrors,
  requiredFields,
  showFormErrors,
  type FieldErrors,
} from '@console/shared/components/contract-form';
import { useAddWindowMutation, useUpdateWindowMutation } from '../../api';
import { useContractErrors } from '../../hooks';

/** The range picker's text: minutes, in the operation's zone (the table shows the same). */
export const WINDOW_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

export interface WindowFormValues {
  range?: [string, string];
  reason?: string;
  capacity?: number;
}

/** The range field stands for the contract's start and end. */
const RANGE_REQUIRED = ['startAt', 'endAt'].some((f) => requiredFields(scenicWindowBody).has(f));

/** An instant as the picker shows it: its wall-clock minute in the operation's zone. */
export const pickerText = (iso: string) => {
  const at = new Date(iso);
  return `${localDate(at)} ${localTime(at)}`;
};

/** A window → the form's values; a new window starts closed (capacity 0). */
export function windowToForm(w: ScenicMaintenanceWindow | null): WindowFormValues {
  if (!w) return { capacity: 0 };
  return {
    range: [pickerText(w.startAt), pickerText(w.endAt)],
    reason: w.reason,
    capacity: w.capacity,
  };
}

/**
 * The form's values → the contract's body. A time whose minute the user left as shown keeps
 * the window's instant (which may carry seconds the picker does not show).
 */
export function windowBody(v: WindowFormValues, w: ScenicMaintenanceWindow | null) {
  const instant = (text: string | undefined, was: string | undefined) => {
    if (!text) return undefined;
    return was && pickerText(was) === text ? was : operationInstant(text);
  };
  return {
    startAt: instant(v.range?.[0], w?.startAt),
    endAt: instant(v.range?.[1], w?.endAt),
    reason: v.reason,
    capacity: v.capacity,
  };
}

export function WindowEditor({
  spot,
  window: w,
  onClose,
  onSaved,
}: {
  spot: ScenicSpot;
  /** The window to edit; null adds one. */
  window: ScenicMaintenanceWindow | null;
  onClose(): void;
  onSaved(): void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const contractErrors = useContractErrors();
  const [form] = Form.useForm<WindowFormValues>();
  const [addWindow, adding] = useAddWindowMutation();
  const [updateWindow, updating] = useUpdateWindowMutation();
  const saving = adding.isLoading || updating.isLoading;
  const initialValues = useMemo(() => windowToForm(w), [w]);

  /**
   * Every failing field with its message: the contract the server uses, plus the spot's own
   * daily capacity (the period's two ends are one range field here).
   */
  const check = () => {
    const body = windowBody(form.getFieldsValue(), w);
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
    try {
      const valid = scenicWindowBody.parse(body);
      if (w)
        await updateWindow({
          id: spot.id,
          windowId: w.id,
          body: { ...valid, version: w.version },
        }).unwrap();
      else await addWindow({ id: spot.id, body: valid }).unwrap();
      Message.success(t('scenic.action.saved'));
      onSaved();
    } catch {
      /* the client showed the server's message (overlap, stale version …) */
    }
  };

  return (
    <Modal
      title={t(w ? 'scenic.window.edit' : 'scenic.window.add')}
      visible
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
    >
      <ContractForm
        schema={scenicWindowBody}
        form={form}
        initialValues={initialValues}
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
            format={WINDOW_TIME_FORMAT}
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
  );
}
