// Security (seed §5 password hint): change password with the policy and a strength hint, and
// sign out every other session.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Card, Form, Input, Message, Progress, Typography } from '@arco-design/web-react';
import {
  passwordStrength,
  passwordViolations,
  type PasswordRule,
} from '@console/shared/contracts/auth';
import {
  apiErrorEnvelope,
  useChangePasswordMutation,
  useSignOutOthersMutation,
} from '@console/shared/api';
import { validateForm } from '@console/shared/components/contract-form';
import { fetchUserInfo, useAppDispatch } from '@console/shared/store';

const MIN_LENGTH = 6;
const STRENGTH_COLOR = ['#F53F3F', '#FF7D00', '#F7BA1E', '#00B42A', '#009A29'];

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

export function SecurityPanel() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<Values>();
  const dispatch = useAppDispatch();
  // Both refetch what own.sessions.changed names (the session list, the activity).
  const [changePassword, { isLoading: saving }] = useChangePasswordMutation();
  const [signOutOthersMutation] = useSignOutOthersMutation();
  const [password, setPassword] = useState('');
  const strength = passwordStrength(password);
  const ruleText = (rule: PasswordRule, min = MIN_LENGTH) =>
    t(`userSetting.password.rule.${rule}`, { min });

  const submit = async () => {
    const values = await validateForm(form);
    if (!values) return;
    const { oldPassword, newPassword } = values;
    try {
      await changePassword({ oldPassword, newPassword }).unwrap();
      Message.success(t('userSetting.password.changed'));
      form.resetFields();
      setPassword('');
      // Clears a forced change (the guard lets the user go on).
      void dispatch(fetchUserInfo());
    } catch (error) {
      const envelope = apiErrorEnvelope(error);
      if (envelope?.error === 'WRONG_PASSWORD') {
        form.setFields({ oldPassword: { error: { message: t('userSetting.password.wrongOld') } } });
      } else if (envelope?.error === 'PASSWORD_POLICY') {
        const data = envelope.data as { violations?: PasswordRule[]; minLength?: number } | null;
        const message = (data?.violations ?? [])
          .map((r) => ruleText(r, data?.minLength))
          .join('；');
        form.setFields({ newPassword: { error: { message: message || envelope.msg } } });
      } else {
        Message.error(envelope?.msg ?? t('messageBox.loadFailed'));
      }
    }
  };

  const signOutOthers = async () => {
    try {
      await signOutOthersMutation().unwrap();
      Message.success(t('userInfo.sessions.signedOut'));
    } catch {
      /* the client showed why */
    }
  };

  return (
    <>
      <Card title={t('userSetting.password.title')} bordered={false}>
        <Form
          form={form}
          labelCol={{ span: 5 }}
          wrapperCol={{ span: 14 }}
          style={{ maxWidth: 640 }}
          data-testid="password-form"
        >
          <Form.Item
            field="oldPassword"
            label={t('userSetting.password.old')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            field="newPassword"
            label={t('userSetting.password.new')}
            extra={t('userSetting.password.hint', { min: MIN_LENGTH })}
            rules={[
              {
                validator: (value: string | undefined, callback) => {
                  if (!value) return callback(t('form.required'));
                  const broken = passwordViolations(value, MIN_LENGTH);
                  callback(broken.length ? broken.map((r) => ruleText(r)).join('；') : undefined);
                },
              },
            ]}
          >
            <Input.Password autoComplete="new-password" onChange={setPassword} />
          </Form.Item>
          <Form.Item label={t('userSetting.password.strength')}>
            <div data-testid="password-strength" data-strength={strength} style={{ width: '100%' }}>
              <Progress
                percent={password ? ((strength + 1) / 5) * 100 : 0}
                color={STRENGTH_COLOR[strength]}
                showText={false}
                size="small"
              />
              {password && (
                <Typography.Text type="secondary">
                  {t(`userSetting.password.strength.${strength}`)}
                </Typography.Text>
              )}
            </div>
          </Form.Item>
          <Form.Item
            field="confirm"
            label={t('userSetting.password.confirm')}
            dependencies={['newPassword']}
            rules={[
              {
                validator: (value: string | undefined, callback) => {
                  if (!value) return callback(t('form.required'));
                  callback(
                    value === form.getFieldValue('newPassword')
                      ? undefined
                      : t('userSetting.password.mismatch'),
                  );
                },
              },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item wrapperCol={{ offset: 5 }}>
            <Button
              type="primary"
              loading={saving}
              onClick={() => void submit()}
              data-testid="password-submit"
            >
              {t('form.submit')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card title={t('userSetting.sessions.title')} bordered={false}>
        <Typography.Paragraph type="secondary">
          {t('userSetting.sessions.description')}
        </Typography.Paragraph>
        <Button
          status="warning"
          onClick={() => void signOutOthers()}
          data-testid="security-sign-out-others"
        >
          {t('userInfo.sessions.signOutOthers')}
        </Button>
      </Card>
    </>
  );
}
