// The rules tab as the seed's "rules preset" card list: one card per soft preference (title,
// description, switch, weight), saved through the audited system config by holders of
// system:config:write; the hard rules as locked cards (always on).
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Grid,
  InputNumber,
  Message,
  Result,
  Space,
  Spin,
  Switch,
  Tag,
  Typography,
} from '@arco-design/web-react';
import { IconLock } from '@arco-design/web-react/icon';
import { useIntl } from 'react-intl';
import {
  SOFT_PREFERENCE_TEXT,
  SOFT_WEIGHT_MAX,
  resolveLocale,
  type AllocationRules,
} from '@console/shared';
import { useHasPermission } from '@console/shared/permission';
import { useAllocationRulesQuery, useSaveRulesMutation } from './api';

type Soft = AllocationRules['soft'][number];

const CARD_STYLE = { height: '100%' };

export function RulesTab() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const locale = resolveLocale(intl.locale);
  const canWrite = useHasPermission('system:config:write');
  const rules = useAllocationRulesQuery();
  const [saveRules, { isLoading: saving }] = useSaveRulesMutation();
  const [draft, setDraft] = useState<Soft[]>([]);

  useEffect(() => {
    if (rules.data) setDraft(rules.data.soft);
  }, [rules.data]);

  if (rules.isError) {
    return (
      <Result
        status="error"
        title={t('allocation.loadFailed')}
        extra={<Button onClick={() => void rules.refetch()}>{t('allocation.retry')}</Button>}
      />
    );
  }
  if (!rules.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;

  const dirty = draft.some((d, i) => {
    const was = rules.data?.soft[i];
    return !was || was.enabled !== d.enabled || was.weight !== d.weight;
  });
  const edit = (preference: Soft['preference'], change: Partial<Soft>) =>
    setDraft((all) => all.map((d) => (d.preference === preference ? { ...d, ...change } : d)));

  const save = async () => {
    try {
      await saveRules({
        soft: draft.map((d) => ({
          preference: d.preference,
          enabled: d.enabled,
          weight: d.weight,
          enabledVersion: d.enabledVersion,
          weightVersion: d.weightVersion,
        })),
      }).unwrap();
      // The mutation refetched the cards and every score shown (`allocation.rules.changed`).
      Message.success(t('allocation.rules.saved'));
    } catch {
      /* the client showed the refusal (a stale version names who changed it) */
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="allocation-rules">
      {!canWrite && <Alert type="info" content={t('allocation.rules.readOnly')} />}
      <Typography.Title heading={6} style={{ margin: 0 }}>
        {t('allocation.rules.soft')}
      </Typography.Title>
      <Grid.Row gutter={[16, 16]}>
        {draft.map((d) => {
          const text = SOFT_PREFERENCE_TEXT[d.preference];
          return (
            <Grid.Col key={d.preference} xs={24} md={12} xl={8}>
              <Card
                style={CARD_STYLE}
                data-testid={`rule-${d.preference}`}
                title={text.title[locale]}
                extra={
                  <Switch
                    size="small"
                    checked={d.enabled}
                    disabled={!canWrite}
                    aria-label={text.title[locale]}
                    onChange={(enabled) => edit(d.preference, { enabled })}
                  />
                }
              >
                <Typography.Paragraph type="secondary" style={{ minHeight: 44 }}>
                  {text.description[locale]}
                </Typography.Paragraph>
                <Space>
                  <Typography.Text>{t('allocation.weight')}</Typography.Text>
                  <InputNumber
                    size="small"
                    style={{ width: 100 }}
                    min={0}
                    max={SOFT_WEIGHT_MAX}
                    precision={0}
                    value={d.weight}
                    disabled={!canWrite || !d.enabled}
                    aria-label={`${t('allocation.weight')} ${text.title[locale]}`}
                    onChange={(weight) => edit(d.preference, { weight: weight ?? 0 })}
                  />
                </Space>
              </Card>
            </Grid.Col>
          );
        })}
      </Grid.Row>
      {canWrite && (
        <Space>
          <Button type="primary" loading={saving} disabled={!dirty} onClick={() => void save()}>
            {t('allocation.rules.save')}
          </Button>
          <Button disabled={!dirty || saving} onClick={() => setDraft(rules.data?.soft ?? [])}>
            {t('allocation.rules.reset')}
          </Button>
        </Space>
      )}
      <Typography.Title heading={6} style={{ margin: 0 }}>
        {t('allocation.rules.hard')}
      </Typography.Title>
      <Grid.Row gutter={[16, 16]}>
        {rules.data.hard.map((h) => (
          <Grid.Col key={h.rule} xs={24} md={12} xl={8}>
            <Card
              style={CARD_STYLE}
              data-testid={`hard-${h.rule}`}
              title={
                <Space>
                  <IconLock />
                  {intl.formatMessage({ id: `allocation.rule.${h.rule}`, defaultMessage: h.rule })}
                </Space>
              }
              extra={
                <Switch size="small" checked disabled aria-label={t('allocation.rules.locked')} />
              }
            >
              <Typography.Paragraph type="secondary" data-testid={`hard-text-${h.rule}`}>
                {t(`allocation.ruleText.${h.rule}`)}
              </Typography.Paragraph>
              <Tag size="small">{h.rule}</Tag>
            </Card>
          </Grid.Col>
        ))}
      </Grid.Row>
    </Space>
  );
}
