// Create or edit a user: profile fields and roles; on create, the initial password is either
// generated (shown once afterwards) or set by the admin. Either way the user must change it.
// The form opens with the record's values (userFormValues) and saves what it holds. It offers
// only the roles the caller may grant, and never one's own roles (the grant ceiling). The fields
// are generated from the contract's field specs (USER_FIELD_SPECS; the roles are a slot) and
// checked with the contract, every error at once.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Alert, Form, Input, Modal, Radio, Select } from '@arco-design/web-react';
import {
  USER_FIELD_SPECS,
  groupKeys,
  resolveLocale,
  roleLabel,
  validationMessage,
  type ValidationIssueLike,
  userCreateBody,
  userFormValues,
  userUpdateBody,
  type SystemRole,
  type SystemUser,
  type SystemUserWithPassword,
  type UserCreateBody,
  type UserUpdateBody,
} from '@console/shared';
import { apiErrorEnvelope, showApiError } from '@console/shared/api';
import {
  ContractForm,
  ContractItem,
  refreshShownErrors,
  showFormErrors,
  type FieldErrors,
} from '@console/shared/components/contract-form';
import { SpecItems } from '@console/shared/components/field-specs';
import { useCreateUserMutation, useUpdateUserMutation } from '../../usersApi';
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
  const [createUser, created] = useCreateUserMutation();
  const [updateUser, updated] = useUpdateUserMutation();
  const saving = created.isLoading || updated.isLoading;
  const [mode, setMode] = useState<'generate' | 'set'>('generate');
  const ownRoles = user !== null && user.id === me.id;
  const choices = roleChoices(roles, me.permissions, user ? userFormValues(user).roles : []);

  /** The body the form would send, and the contract's errors of it (field → message). */
  const check = () => {
    const values = form.getFieldsValue() as Partial<Values>;
    const profile = {
      name: values.name ?? '',
      email: values.email ?? '',
      phone: values.phone ?? '',
      roles: values.roles ?? [],
    };
    const body = user
      ? { ...userFormValues(user), ...profile }
      : {
          ...profile,
          username: values.username ?? '',
          ...(mode === 'set' ? { password: values.password ?? '' } : {}),
        };
    const result = (user ? userUpdateBody : userCreateBody).safeParse(body);
    const errors: FieldErrors = {};
    if (!result.success)
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? '');
        errors[field] ??= validationMessage(
          issue as unknown as ValidationIssueLike,
          resolveLocale(intl.locale),
        );
      }
    return { body, errors };
  };

  const submit = async () => {
    const { body, errors } = check();
    if (showFormErrors(form, errors)) return;
    try {
      if (user) {
        await updateUser({ id: user.id, body: body as UserUpdateBody }).unwrap();
        onSaved(null);
      } else {
        onSaved(await createUser(body as UserCreateBody).unwrap());
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
        // An error shown clears as soon as a change resolves it.
        onValuesChange={() => refreshShownErrors(form, check().errors)}
      >
        <SpecItems
          specs={USER_FIELD_SPECS}
          // The username is chosen once, at creation.
          keys={groupKeys(USER_FIELD_SPECS, 'account').filter((k) => !user || k !== 'username')}
          extras={{ username: t('users.hint.username') }}
          slots={{
            roles: (
              <ContractItem
                field="roles"
                label={USER_FIELD_SPECS.roles.label[resolveLocale(intl.locale)]}
                extra={ownRoles ? t('users.hint.ownRoles') : undefined}
              >
                <Select
                  data-testid="user-field-roles"
                  aria-label={USER_FIELD_SPECS.roles.label[resolveLocale(intl.locale)]}
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
            ),
          }}
        />
        <SpecItems specs={USER_FIELD_SPECS} group="contact" />
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
              <Form.Item field="password" label={t('users.field.password')} required>
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
