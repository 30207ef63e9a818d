// Change a guide's status with a reason (required for suspended and inactive; the server
// refuses `active` with an expired licence and names the expiry date).
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
import { guideApi } from '../../api';
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
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<GuideStatus>('active');

  useEffect(() => {
    if (!guide) return;
    form.setFieldsValue({ status: guide.status, reason: '' });
    setStatus(guide.status);
  }, [guide, form]);

  const submit = async () => {
    if (!guide) return;
    const v = form.getFieldsValue() as { status: GuideStatus; reason?: string };
    const parsed = guideStatusBody.safeParse({
      ...v,
      reason: v.reason ?? '',
      version: guide.version,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      form.setFields({ [String(issue.path[0])]: { error: { message: text(issue.message) } } });
      return;
    }
    setSaving(true);
    try {
      const updated = await guideApi.changeStatus(guide.id, parsed.data);
      Message.success(intl.formatMessage({ id: 'guide.message.statusChanged' }));
      props.onChanged(updated);
    } catch {
      /* the client showed the server's message */
    } finally {
      setSaving(false);
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
      <Form form={form} layout="vertical" onValuesChange={(c) => c.status && setStatus(c.status)}>
        <Form.Item label={intl.formatMessage({ id: 'guide.field.status' })} field="status" required>
          <Select options={GUIDE_STATUSES.map((s) => ({ value: s, label: label('status', s) }))} />
        </Form.Item>
        {STATUSES_NEEDING_REASON.includes(status) && (
          <Alert
            type="info"
            style={{ marginBottom: 12 }}
            content={intl.formatMessage({ id: 'guide.status.reasonHint' })}
          />
        )}
        <Form.Item
          label={intl.formatMessage({ id: 'guide.field.reason' })}
          field="reason"
          required={STATUSES_NEEDING_REASON.includes(status)}
        >
          <Input.TextArea
            maxLength={GUIDE_LIMITS.reasonMax}
            showWordLimit
            data-testid="status-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
