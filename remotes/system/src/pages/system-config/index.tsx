// System config (/system/system-config, issue #15 point 4): a form generated from the shared
// contract (SYSTEM_CONFIG): grouped, each field with its description, default and the
// contract's validation, "reset to default", and the diff confirmed before saving.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Message,
  Modal,
  Result,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  Typography,
} from '@arco-design/web-react';
import { IconUndo } from '@arco-design/web-react/icon';
import {
  SYSTEM_CONFIG,
  SYSTEM_CONFIG_GROUPS,
  SYSTEM_CONFIG_KEYS,
  systemConfigUnit,
  validationMessage,
  type Locale,
  type SystemConfigEntry,
  type SystemConfigKey,
  type ValidationIssueLike,
} from '@console/shared';
import { useHasPermission } from '@console/shared/permission';
import { loadSiteInfo, useAppDispatch } from '@console/shared/store';
import { useSaveConfigMutation, useSystemConfigQuery } from '../../api';

/** What kind of input a key's schema asks for, read from the zod schema itself. */
type Kind =
  | { kind: 'enum'; options: string[] }
  | { kind: 'number'; min?: number; max?: number }
  | { kind: 'boolean' }
  | { kind: 'text' };

function kindOf(key: SystemConfigKey): Kind {
  const schema = SYSTEM_CONFIG[key].schema as unknown as {
    def: { type: string };
    options?: string[];
    minValue?: number | null;
    maxValue?: number | null;
  };
  if (schema.def.type === 'enum') return { kind: 'enum', options: schema.options ?? [] };
  if (schema.def.type === 'boolean') return { kind: 'boolean' };
  if (schema.def.type === 'number') {
    return { kind: 'number', min: schema.minValue ?? undefined, max: schema.maxValue ?? undefined };
  }
  return { kind: 'text' };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export default function SystemConfigPage() {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const dispatch = useAppDispatch();
  const canWrite = useHasPermission('system:config:write');
  const config = useSystemConfigQuery();
  const entries = useMemo(
    () =>
      new Map((config.data ?? []).map((e) => [e.key, e] as [SystemConfigKey, SystemConfigEntry])),
    [config.data],
  );
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [resets, setResets] = useState<Set<SystemConfigKey>>(new Set());
  const [saveConfig, { isLoading: saving }] = useSaveConfigMutation();

  // The form starts from the values in effect, again after each save.
  useEffect(() => {
    if (!config.data) return;
    setValues(Object.fromEntries(config.data.map((e) => [e.key, e.value])));
    setResets(new Set());
  }, [config.data]);

  const show = (key: SystemConfigKey, value: unknown): string => {
    const kind = kindOf(key);
    if (kind.kind === 'enum') return t(`config.option.${String(value)}`);
    if (kind.kind === 'boolean') return t(value ? 'config.on' : 'config.off');
    // The console's default name is shown in the reader's language, as the shell shows it.
    if (key === 'site.name' && value === SYSTEM_CONFIG['site.name'].default) {
      return t('config.defaultSiteName');
    }
    if (value === '' || value === null || value === undefined) return t('config.empty');
    const unit = systemConfigUnit(key);
    return unit ? `${String(value)} ${unit[locale]}` : String(value);
  };

  const errorOf = (key: SystemConfigKey): string | undefined => {
    const result = SYSTEM_CONFIG[key].schema.safeParse(values[key]);
    if (result.success) return undefined;
    const issue = result.error.issues[0] as unknown as ValidationIssueLike;
    return validationMessage({ ...issue, missing: values[key] === undefined }, locale);
  };

  const changes = SYSTEM_CONFIG_KEYS.flatMap((key) => {
    const entry = entries.get(key);
    if (!entry) return [];
    if (resets.has(key) && entry.overridden) {
      return [{ key, before: entry.value, after: entry.default, reset: true }];
    }
    if (resets.has(key) || same(values[key], entry.value)) return [];
    return [{ key, before: entry.value, after: values[key], reset: false }];
  });
  const invalid = SYSTEM_CONFIG_KEYS.filter((k) => errorOf(k) !== undefined);

  const setValue = (key: SystemConfigKey, value: unknown) => {
    setValues((v) => ({ ...v, [key]: value }));
    setResets((r) => {
      const next = new Set(r);
      next.delete(key);
      return next;
    });
  };
  const resetToDefault = (key: SystemConfigKey) => {
    setValues((v) => ({ ...v, [key]: SYSTEM_CONFIG[key].default }));
    setResets((r) => new Set(r).add(key));
  };

  const save = () => {
    if (invalid.length > 0) {
      Message.error(t('config.fixErrors'));
      return;
    }
    Modal.confirm({
      title: t('config.confirmTitle'),
      style: { width: 640 },
      content: (
        <Table
          data-testid="config-diff"
          size="small"
          pagination={false}
          rowKey="key"
          data={changes}
          columns={[
            {
              title: t('config.field'),
              render: (_: unknown, c: (typeof changes)[number]) =>
                SYSTEM_CONFIG[c.key].label[locale],
            },
            {
              title: t('config.before'),
              render: (_: unknown, c: (typeof changes)[number]) => show(c.key, c.before),
            },
            {
              title: t('config.after'),
              render: (_: unknown, c: (typeof changes)[number]) => (
                <Space>
                  {show(c.key, c.after)}
                  {c.reset ? <Tag size="small">{t('config.default')}</Tag> : null}
                </Space>
              ),
            },
          ]}
        />
      ),
      okText: t('config.save'),
      cancelText: t('config.cancel'),
      onOk: async () => {
        // The saved entries are shown from the answer; the event refetches the config and the
        // log. A refusal (a stale version …) keeps the form as it is: the client says why.
        await saveConfig({
          changes: changes.map((c) => ({
            key: c.key,
            value: c.reset ? null : c.after,
            version: entries.get(c.key)!.version,
          })),
        }).unwrap();
        Message.success(t('config.saved'));
        // The shell's title and default language follow the site settings at once.
        void dispatch(loadSiteInfo());
      },
    });
  };

  if (config.isError) {
    return (
      <Card>
        <Result
          status="error"
          title={t('config.loadFailed')}
          extra={<Button onClick={() => config.refetch()}>{t('config.retry')}</Button>}
        />
      </Card>
    );
  }
  if (!config.data) {
    return (
      <Card>
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      </Card>
    );
  }

  const input = (key: SystemConfigKey): ReactNode => {
    const kind = kindOf(key);
    const common = { disabled: !canWrite, 'aria-label': SYSTEM_CONFIG[key].label[locale] };
    if (kind.kind === 'enum') {
      return (
        <Select
          {...common}
          value={values[key] as string}
          onChange={(v) => setValue(key, v)}
          options={kind.options.map((o) => ({ value: o, label: t(`config.option.${o}`) }))}
        />
      );
    }
    if (kind.kind === 'boolean') {
      return (
        <Switch {...common} checked={values[key] === true} onChange={(v) => setValue(key, v)} />
      );
    }
    if (kind.kind === 'number') {
      return (
        <InputNumber
          {...common}
          value={values[key] as number}
          min={kind.min}
          max={kind.max}
          suffix={systemConfigUnit(key)?.[locale]}
          onChange={(v) => setValue(key, v ?? undefined)}
        />
      );
    }
    return <Input {...common} value={values[key] as string} onChange={(v) => setValue(key, v)} />;
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="system-config">
      {!canWrite ? <Alert type="info" content={t('config.readOnly')} /> : null}
      {SYSTEM_CONFIG_GROUPS.map((group) => (
        <Card key={group} title={t(`config.group.${group}`)}>
          <Form layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 18 }}>
            {SYSTEM_CONFIG_KEYS.filter((k) => SYSTEM_CONFIG[k].group === group).map((key) => {
              const entry = entries.get(key)!;
              const error = errorOf(key);
              const atDefault = same(values[key], entry.default);
              return (
                <Form.Item
                  key={key}
                  label={SYSTEM_CONFIG[key].label[locale]}
                  validateStatus={error ? 'error' : undefined}
                  help={error}
                  extra={
                    <Typography.Text type="secondary">
                      {SYSTEM_CONFIG[key].description[locale]}{' '}
                      {t('config.defaultIs', { value: show(key, entry.default) })}
                    </Typography.Text>
                  }
                >
                  <div data-config-key={key} style={{ display: 'flex', gap: 8, maxWidth: 560 }}>
                    <div style={{ flex: 1 }}>{input(key)}</div>
                    {canWrite ? (
                      <Button
                        icon={<IconUndo />}
                        disabled={atDefault}
                        onClick={() => resetToDefault(key)}
                      >
                        {t('config.reset')}
                      </Button>
                    ) : null}
                    {entry.overridden && !resets.has(key) ? (
                      <Tag color="arcoblue" style={{ alignSelf: 'center' }}>
                        {t('config.overridden')}
                      </Tag>
                    ) : null}
                  </div>
                </Form.Item>
              );
            })}
          </Form>
        </Card>
      ))}
      {canWrite ? (
        <Card>
          <Space>
            <Button type="primary" loading={saving} disabled={changes.length === 0} onClick={save}>
              {changes.length > 0
                ? t('config.saveCount', { count: changes.length })
                : t('config.noChanges')}
            </Button>
            <Button
              disabled={changes.length === 0}
              onClick={() => {
                setValues(Object.fromEntries(config.data!.map((e) => [e.key, e.value])));
                setResets(new Set());
              }}
            >
              {t('config.discard')}
            </Button>
          </Space>
        </Card>
      ) : null}
    </Space>
  );
}
