// Password reset (generated or set by the admin; the user must change it at the next sign-in)
// and the one-time display of a generated password.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Alert, Form, Input, Message, Modal, Radio, Typography } from '@arco-design/web-react';
import type { SystemUser, SystemUserWithPassword } from '@console/shared';
import { apiErrorEnvelope, showApiError } from '@console/shared/api';
import { useResetUserPasswordMutation } from '../../usersApi';

export function PasswordResetModal({
  user,
  onClose,
  onDone,
}: {
  user: SystemUser;
  onClose(): void;
  onDone(result: SystemUserWithPassword): void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [mode, setMode] = useState<'generate' | 'set'>('generate');
  const [form] = Form.useForm<{ password?: string }>();
  const [resetPassword, { isLoading: saving }] = useResetUserPasswordMutation();

  const submit = async () => {
    let password: string | undefined;
    if (mode === 'set') {
      try {
        password = (await form.validate()).password;
      } catch {
        return;
      }
    }
    try {
      onDone(await resetPassword({ id: user.id, password }).unwrap());
      Message.success(t('users.password.resetDone'));
    } catch (error) {
      const field = apiErrorEnvelope(error)?.fields?.find((f) => f.path === 'password');
      if (field) form.setFields({ password: { error: { message: field.message } } });
      showApiError(error);
    }
  };

  return (
    <Modal
      visible
      title={t('users.password.resetTitle', { name: user.username })}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={t('users.password.resetOk')}
      cancelText={t('users.cancel')}
      unmountOnExit
    >
      <Form form={form} layout="vertical" data-testid="password-reset-form">
        <Form.Item label={t('users.field.initialPassword')}>
          <Radio.Group value={mode} onChange={setMode}>
            <Radio value="generate">{t('users.password.generate')}</Radio>
            <Radio value="set">{t('users.password.set')}</Radio>
          </Radio.Group>
        </Form.Item>
        {mode === 'set' && (
          <Form.Item
            field="password"
            label={t('users.field.password')}
            rules={[{ required: true, message: t('users.required') }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Alert type="warning" content={t('users.password.resetWarning')} />
      </Form>
    </Modal>
  );
}

export function PasswordShownOnce({
  result,
  onClose,
}: {
  result: SystemUserWithPassword;
  onClose(): void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <Modal
      visible
      title={t('users.password.onceTitle')}
      onOk={onClose}
      onCancel={onClose}
      hideCancel
      okText={t('users.password.onceOk')}
      maskClosable={false}
    >
      <Typography.Paragraph>
        {t('users.password.onceText', { name: result.user.username })}
      </Typography.Paragraph>
      <Typography.Paragraph copyable code data-testid="generated-password">
        {result.password}
      </Typography.Paragraph>
      <Alert type="warning" content={t('users.password.onceWarning')} />
    </Modal>
  );
}
