// Create or edit a user: profile fields and roles; on create, the initial password is either
// generated (shown once afterwards) or set by the admin. Either way the user must change it.
// The form opens with the record's values (userFormValues) and saves what it holds. It offers
// only the roles the caller may grant, and never one's own roles (the grant ceiling).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Alert, Form, Input, Modal, Radio, Select } from '@arco-design/web-react';
import {
  roleLabel,
  userCreateBody,
  userFormValues,
  userUpdateBody,
  type SystemRole,
  type SystemUser,
  type SystemUserWithPassword,
} from '@console/shared';
import { apiErrorEnvelope, showApiError } from '@console/shared/api';
import { ContractForm, ContractItem } from '@console/shared/components/contract-form';
import { usersApi } from '../../usersApi';
import { roleChoices } from './grantableRoles';

interface Values {
  username: string;
  name: string;
  email: string;
  phone: string;
  roles: string[];
  passwordMode: 'generate' | 'set';
  password?: string;
}

export function UserFormModal({
  user,
  roles,
  me,
  onClose,
  onSaved,
}: {
  user: SystemUser | null;
  roles: SystemRole[];
  /** The signed-in user and their active role's permissions. */
  me: { id: number; permissions: readonly string[] };
  onClose(): void;
  onSaved(result: SystemUserWithPassword | null): void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [mode, setMode] = useState<'generate' | 'set'>('generate');
  const ownRoles = user !== null && user.id === me.id;
  const choices = roleChoices(roles, me.permissions, user ? userFormValues(user).roles : []);

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const profile = {
        name: values.name ?? '',
        email: values.email ?? '',
        phone: values.phone ?? '',
        roles: values.roles ?? [],
      };
      if (user) {
        await usersApi.update(user.id, { ...userFormValues(user), ...profile });
        onSaved(null);
      } else {
        const result = await usersApi.create({
          ...profile,
          username: values.username ?? '',
          ...(mode === 'set' ? { password: values.password ?? '' } : {}),
        });
        onSaved(result);
      }
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

  return (
    <Modal
      visible
      title={t(user ? 'users.edit.title' : 'users.create.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={t('users.save')}
      cancelText={t('users.cancel')}
      unmountOnExit
      style={{ width: 560 }}
    >
      <ContractForm
        schema={user ? userUpdateBody : userCreateBody}
        form={form}
        layout="vertical"
        initialValues={user ? userFormValues(user) : { roles: [], passwordMode: 'generate' }}
        data-testid="user-form"
      >
        {!user && (
          <ContractItem
            field="username"
            label={t('users.field.username')}
            extra={t('users.hint.username')}
            rules={[{ required: true, message: t('users.required') }]}
          >
            <Input autoComplete="off" data-testid="user-field-username" />
          </ContractItem>
        )}
        <ContractItem
          field="name"
          label={t('users.field.name')}
          rules={[{ required: true, message: t('users.required') }]}
        >
          <Input data-testid="user-field-name" />
        </ContractItem>
        <ContractItem
          field="roles"
          label={t('users.field.roles')}
          rules={[{ required: true, type: 'array', minLength: 1, message: t('users.hint.roles') }]}
          extra={ownRoles ? t('users.hint.ownRoles') : undefined}
        >
          <Select
            data-testid="user-field-roles"
            mode="multiple"
            disabled={ownRoles}
            options={choices.map(({ role, grantable, missing }) => ({
              value: role.code,
              label: grantable
                ? roleLabel(role, intl.locale)
                : `${roleLabel(role, intl.locale)} · ${intl.formatMessage(
                    { id: 'users.hint.roleBeyond' },
                    { permissions: missing.join(', ') },
                  )}`,
              disabled: !grantable,
            }))}
          />
        </ContractItem>
        <ContractItem field="email" label={t('users.field.email')}>
          <Input />
        </ContractItem>
        <ContractItem field="phone" label={t('users.field.phone')}>
          <Input />
        </ContractItem>
        {!user && (
          <>
            <Form.Item field="passwordMode" label={t('users.field.initialPassword')}>
              <Radio.Group onChange={(v: 'generate' | 'set') => setMode(v)}>
                <Radio value="generate">{t('users.password.generate')}</Radio>
                <Radio value="set" data-testid="user-password-set">
                  {t('users.password.set')}
                </Radio>
              </Radio.Group>
            </Form.Item>
            {mode === 'set' && (
              <Form.Item
                field="password"
                label={t('users.field.password')}
                rules={[{ required: true, message: t('users.required') }]}
              >
                <Input.Password autoComplete="new-password" data-testid="user-field-password" />
              </Form.Item>
            )}
            <Alert type="info" content={t('users.password.mustChange')} />
          </>
        )}
      </ContractForm>
    </Modal>
  );
}
