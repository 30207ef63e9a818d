import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Form, Input, Modal, Select } from '@arco-design/web-react';
import {
  ACCOUNT_TYPES,
  CERTIFICATE_TYPES,
  certificationBody,
  type CertificationBody,
} from '@console/shared/contracts/profile';
import { profileApi } from '@console/shared/api';
import { contractRule } from './contractRules';

interface Props {
  visible: boolean;
  onClose(): void;
  onSubmitted(): void;
}

/** A new certification application (goes under audit). */
export function CertificationForm({ visible, onClose, onSubmitted }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<CertificationBody>();
  const [saving, setSaving] = useState(false);
  const shape = certificationBody.shape;

  const submit = async () => {
    const values = await form.validate();
    setSaving(true);
    try {
      await profileApi.submitCertification(values);
      form.resetFields();
      onSubmitted();
    } finally {
      setSaving(false);
    }
  };

  const text = (
    field:
      | 'legalPerson'
      | 'authenticationNumber'
      | 'enterpriseName'
      | 'enterpriseCertificateType'
      | 'organizationCode',
    required = true,
  ) => (
    <Form.Item
      field={field}
      label={t(`certification.${field}`)}
      required={required}
      rules={[contractRule(intl, shape[field])]}
    >
      <Input />
    </Form.Item>
  );

  return (
    <Modal
      title={t('certification.submit')}
      visible={visible}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ accountType: 'enterprise', certificateType: 'business_licence' }}
      >
        <Form.Item field="accountType" label={t('certification.accountType')} required>
          <Select
            options={ACCOUNT_TYPES.map((v) => ({
              value: v,
              label: t(`certification.accountType.${v}`),
            }))}
          />
        </Form.Item>
        {text('enterpriseName')}
        {text('legalPerson')}
        <Form.Item field="certificateType" label={t('certification.certificateType')} required>
          <Select
            options={CERTIFICATE_TYPES.map((v) => ({
              value: v,
              label: t(`certification.certificateType.${v}`),
            }))}
          />
        </Form.Item>
        {text('authenticationNumber')}
        {text('enterpriseCertificateType', false)}
        {text('organizationCode')}
      </Form>
    </Modal>
  );
}
