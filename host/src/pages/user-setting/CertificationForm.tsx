import { useIntl } from 'react-intl';
import { Form, Input, Modal, Select } from '@arco-design/web-react';
import {
  ACCOUNT_TYPES,
  CERTIFICATE_TYPES,
  certificationBody,
  type CertificationBody,
} from '@console/shared/contracts/profile';
import { useSubmitCertificationMutation } from '@console/shared/api';
import { ContractForm, ContractItem, validateForm } from '@console/shared/components/contract-form';
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
  // Refetches what certification.changed names (the panel, the activity).
  const [submitCertification, { isLoading: saving }] = useSubmitCertificationMutation();
  const shape = certificationBody.shape;

  const submit = async () => {
    const values = await validateForm(form);
    if (!values) return;
    try {
      await submitCertification(values).unwrap();
      form.resetFields();
      onSubmitted();
    } catch {
      /* the client showed why; the form keeps what was typed */
    }
  };

  const text = (
    field:
      | 'legalPerson'
      | 'authenticationNumber'
      | 'enterpriseName'
      | 'enterpriseCertificateType'
      | 'organizationCode',
  ) => (
    <ContractItem
      field={field}
      label={t(`certification.${field}`)}
      rules={[contractRule(intl, shape[field])]}
    >
      <Input />
    </ContractItem>
  );

  return (
    <Modal
      title={t('certification.submit')}
      visible={visible}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <ContractForm
        schema={certificationBody}
        form={form}
        layout="vertical"
        initialValues={{ accountType: 'enterprise', certificateType: 'business_licence' }}
      >
        <ContractItem field="accountType" label={t('certification.accountType')}>
          <Select
            options={ACCOUNT_TYPES.map((v) => ({
              value: v,
              label: t(`certification.accountType.${v}`),
            }))}
          />
        </ContractItem>
        {text('enterpriseName')}
        {text('legalPerson')}
        <ContractItem field="certificateType" label={t('certification.certificateType')}>
          <Select
            options={CERTIFICATE_TYPES.map((v) => ({
              value: v,
              label: t(`certification.certificateType.${v}`),
            }))}
          />
        </ContractItem>
        {text('authenticationNumber')}
        {text('enterpriseCertificateType')}
        {text('organizationCode')}
      </ContractForm>
    </Modal>
  );
}
