// A role's code, names in both languages, description and its permission matrix: permissions
// grouped by section, each with what it allows and which pages it opens. The admin role keeps
// every permission (the server keeps them whatever is sent). A permission the caller's active
// role lacks cannot be added (the grant ceiling); one the role already has may stay or go.
// The form opens with the record's values (roleFormValues) and saves what it holds. Each group
// has a box selecting or clearing it, within the same ceiling (issue 26 item 14).
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  Alert,
  Button,
  Checkbox,
  Drawer,
  Form,
  Input,
  Message,
  Space,
  Tag,
  Typography,
} from '@arco-design/web-react';
import {
  ADMIN_LOCKED_PERMISSIONS,
  PERMISSION_CATALOGUE,
  PERMISSION_GROUP_TITLES,
  roleCreateBody,
  roleFormValues,
  roleUpdateBody,
  type Locale,
  type Permission,
  type SystemRole,
} from '@console/shared';
import { apiErrorEnvelope, showApiError } from '@console/shared/api';
import { ContractForm, ContractItem } from '@console/shared/components/contract-form';
import { usePinnedRoutes, usePinnedSections } from '@console/shared/section';
import { selectPermissions, useAppSelector } from '@console/shared/store';
import { useCreateRoleMutation, useUpdateRoleMutation } from '../../usersApi';

interface Values {
  code: string;
  name: string;
  nameEn: string;
  description: string;
}

/** Matrix groups: the pinned sections (their declared titles), then the groups of no section. */
function useGroups() {
  const sections = usePinnedSections();
  return useMemo(
    () => [
      ...sections.map((s) => ({ key: s.key as string, title: s.title })),
      { key: 'message', title: PERMISSION_GROUP_TITLES.message },
    ],
    [sections],
  );
}

export function RoleEditor({
  role,
  readOnly,
  onClose,
  onSaved,
}: {
  role: SystemRole | null;
  readOnly: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const t = (id: string) => intl.formatMessage({ id });
  const groups = useGroups();
  const routes = usePinnedRoutes();
  const [form] = Form.useForm<Values>();
  const [granted, setGranted] = useState<Set<Permission>>(new Set(role?.permissions ?? []));
  const [createRole, created] = useCreateRoleMutation();
  const [updateRole, updated] = useUpdateRoleMutation();
  const saving = created.isLoading || updated.isLoading;
  const held = useAppSelector(selectPermissions);
  const locked = (p: Permission) => role?.code === 'admin' && ADMIN_LOCKED_PERMISSIONS.includes(p);
  /** Not held by the caller and not in the role already: adding it would grant it. */
  const beyond = (p: Permission) => !held.includes(p) && !role?.permissions.includes(p);

  const toggle = (p: Permission, on: boolean) => toggleAll([p], on);
  const toggleAll = (ps: readonly Permission[], on: boolean) =>
    setGranted((prev) => {
      const next = new Set(prev);
      for (const p of ps) {
        if (on) next.add(p);
        else next.delete(p);
      }
      return next;
    });
  const isOn = (p: Permission) => granted.has(p) || locked(p);

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    const permissions = PERMISSION_CATALOGUE.map((p) => p.code).filter((p) => granted.has(p));
    try {
      const body = {
        name: values.name ?? '',
        nameEn: values.nameEn ?? '',
        description: values.description ?? '',
        permissions,
      };
      if (role)
        await updateRole({ id: role.id, body: { ...roleFormValues(role), ...body } }).unwrap();
      else await createRole({ ...body, code: values.code ?? '' }).unwrap();
      Message.success(t('roles.saved'));
      onSaved();
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
    <Drawer
      visible
      width={720}
      title={
        role
          ? `${t(readOnly ? 'roles.view.title' : 'roles.edit.title')} · ${role.code}`
          : t('roles.create.title')
      }
      onCancel={onClose}
      footer={
        readOnly ? null : (
          <Space>
            <Button onClick={onClose}>{t('roles.cancel')}</Button>
            <Button
              type="primary"
              loading={saving}
              onClick={() => void submit()}
              data-testid="role-save"
            >
              {t('roles.save')}
            </Button>
          </Space>
        )
      }
    >
      <ContractForm
        schema={role ? roleUpdateBody : roleCreateBody}
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={role ? roleFormValues(role) : undefined}
        data-testid="role-form"
      >
        {!role && (
          <ContractItem
            field="code"
            label={t('roles.field.code')}
            extra={t('roles.hint.code')}
            rules={[{ required: true, message: t('roles.required') }]}
          >
            <Input autoComplete="off" data-testid="role-field-code" />
          </ContractItem>
        )}
        <Space style={{ width: '100%' }} size={16} align="start">
          <ContractItem
            field="name"
            label={t('roles.field.nameZh')}
            rules={[{ required: true, message: t('roles.required') }]}
            style={{ width: 320 }}
          >
            <Input data-testid="role-field-name" />
          </ContractItem>
          <ContractItem
            field="nameEn"
            label={t('roles.field.nameEn')}
            rules={[{ required: true, message: t('roles.required') }]}
            style={{ width: 320 }}
          >
            <Input data-testid="role-field-nameEn" />
          </ContractItem>
        </Space>
        <ContractItem field="description" label={t('roles.field.description')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
        </ContractItem>
      </ContractForm>

      <Typography.Title heading={6}>{t('roles.matrix.title')}</Typography.Title>
      <Alert type="info" content={t('roles.matrix.hint')} style={{ marginBottom: 12 }} />
      <div data-testid="permission-matrix">
        {groups.map((g) => {
          const perms = PERMISSION_CATALOGUE.filter((p) => p.section === g.key);
          if (perms.length === 0) return null;
          // The group's box selects or clears what the caller may change in it: never a
          // permission beyond the ceiling, never the admin role's locked ones.
          const open = readOnly
            ? []
            : perms.map((p) => p.code).filter((p) => !locked(p) && !beyond(p));
          const chosen = perms.filter((p) => isOn(p.code)).length;
          const allOpenOn = open.length > 0 && open.every((p) => granted.has(p));
          return (
            <section key={g.key} style={{ marginBottom: 16 }}>
              <Checkbox
                checked={chosen === perms.length}
                indeterminate={chosen > 0 && chosen < perms.length}
                disabled={open.length === 0}
                onChange={() => toggleAll(open, !allOpenOn)}
                data-testid={`perm-group-${g.key}`}
              >
                <Typography.Text bold>{g.title[locale]}</Typography.Text>
              </Checkbox>
              <div
                style={{
                  border: '1px solid var(--color-border-2)',
                  borderRadius: 4,
                  marginTop: 6,
                }}
              >
                {perms.map((p, i) => {
                  const pages = routes.filter((r) => r.permission === p.code);
                  return (
                    <div
                      key={p.code}
                      style={{
                        padding: '8px 12px',
                        borderTop: i ? '1px solid var(--color-border-2)' : undefined,
                      }}
                    >
                      <Checkbox
                        checked={isOn(p.code)}
                        disabled={readOnly || locked(p.code) || beyond(p.code)}
                        onChange={(on) => toggle(p.code, on)}
                        data-testid={`perm-${p.code}`}
                      >
                        <Typography.Text code>{p.code}</Typography.Text> {p.description[locale]}
                      </Checkbox>
                      <div style={{ marginLeft: 24, marginTop: 4 }}>
                        {locked(p.code) && (
                          <Typography.Text
                            type="secondary"
                            style={{ fontSize: 12, marginRight: 8 }}
                          >
                            {t('roles.matrix.adminKeeps')}
                          </Typography.Text>
                        )}
                        {!readOnly && !locked(p.code) && beyond(p.code) && (
                          <Typography.Text
                            type="secondary"
                            style={{ fontSize: 12, marginRight: 8 }}
                            data-testid={`perm-beyond-${p.code}`}
                          >
                            {t('roles.matrix.notHeld')}
                          </Typography.Text>
                        )}
                        {pages.length > 0 && (
                          <Space size={4} wrap>
                            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                              {t('roles.matrix.pages')}
                            </Typography.Text>
                            {pages.map((r) => (
                              <Tag key={r.key} size="small">
                                {r.title[locale]}
                              </Tag>
                            ))}
                          </Space>
                        )}
                      </div>
                    </div>
                  );
                })}
              </div>
            </section>
          );
        })}
      </div>
    </Drawer>
  );
}
