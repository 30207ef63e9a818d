// Change a guide's status with a reason (required for suspended and inactive; the server
// refuses `active` with an expired licence and names the expiry date). On the shared
// ContractForm: the asterisks come from the contract, every error shows at once, and the
// reason's error clears as soon as the status no longer needs one.
import { useEffect, useState } from 'react';
import { Alert, Form, Input, Message, Modal, Select } from '@arco-design/web-react';
import { useIntl } from 'react-intl';
import {
  GUIDE_LIMITS,
  GUIDE_STATUSES,
  STATUSES_NEEDING_REASON,
  guideStatusBody,
  type Guide,
  type GuideListItem,
  type GuideStatus,
} from '@console/shared';
import {
  ContractForm,
  ContractItem,
  refreshShownErrors,
  showFormErrors,
  type FieldErrors,
} from '@console/shared/components/contract-form';
import { useChangeGuideStatusMutation } from '../../api';
import { useEnumLabel, useValidationText } from '../../hooks';

export function StatusModal(props: {
  guide: Pick<GuideListItem, 'id' | 'name' | 'status' | 'version'> | null;
  onClose(): void;
  onChanged(guide: Guide): void;
}) {
  const { guide } = props;
  const intl = useIntl();
  const label = useEnumLabel();
  const text = useValidationText();
  const [form] = Form.useForm();
  const [changeStatus, { isLoading: saving }] = useChangeGuideStatusMutation();
  const [status, setStatus] = useState<GuideStatus>('active');

  useEffect(() => {
    if (!guide) return;
    form.setFieldsValue({ status: guide.status, reason: '' });
    setStatus(guide.status);
  }, [guide, form]);

  /** The values checked with the contract the server uses; every failing field's message. */
  const check = () => {
    const v = form.getFieldsValue() as { status?: GuideStatus; reason?: string };
    const parsed = guideStatusBody.safeParse({
      ...v,
      reason: v.reason ?? '',
      version: guide?.version,
    });
    const errors: FieldErrors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (field !== 'version' && !errors[field]) errors[field] = text(issue.message);
      }
    return { parsed, errors };
  };

  const submit = async () => {
    if (!guide) return;
    const { parsed, errors } = check();
    if (showFormErrors(form, errors) || !parsed.success) return;
    try {
      const updated = await changeStatus({ id: guide.id, body: parsed.data }).unwrap();
      Message.success(intl.formatMessage({ id: 'guide.message.statusChanged' }));
      props.onChanged(updated);
    } catch {
      /* the client showed the server's message */
    }
  };

  return (
    <Modal
      title={guide ? intl.formatMessage({ id: 'guide.status.title' }, { name: guide.name }) : ''}
      visible={!!guide}
      onOk={submit}
      confirmLoading={saving}
      onCancel={props.onClose}
      okText={intl.formatMessage({ id: 'guide.action.save' })}
      cancelText={intl.formatMessage({ id: 'guide.action.cancel' })}
      unmountOnExit
    >
      <ContractForm
        schema={guideStatusBody}
        form={form}
        layout="vertical"
        data-testid="status-form"
        onValuesChange={(c: { status?: GuideStatus }) => {
          if (c.status) setStatus(c.status);
          refreshShownErrors(form, check().errors);
        }}
      >
        <ContractItem
          label={intl.formatMessage({ id: 'guide.field.status' })}
          field="status"
          data-testid="status-field"
        >
          <Select options={GUIDE_STATUSES.map((s) => ({ value: s, label: label('status', s) }))} />
        </ContractItem>
        {STATUSES_NEEDING_REASON.includes(status) && (
          <Alert
            type="info"
            style={{ marginBottom: 12 }}
            content={intl.formatMessage({ id: 'guide.status.reasonHint' })}
          />
        )}
        {/* Required only for some statuses: the contract's cross-field rule, shown as such. */}
        <ContractItem
          label={intl.formatMessage({ id: 'guide.field.reason' })}
          field="reason"
          required={STATUSES_NEEDING_REASON.includes(status)}
        >
          <Input.TextArea
            maxLength={GUIDE_LIMITS.reasonMax}
            showWordLimit
            data-testid="status-reason"
          />
        </ContractItem>
      </ContractForm>
    </Modal>
  );
}
