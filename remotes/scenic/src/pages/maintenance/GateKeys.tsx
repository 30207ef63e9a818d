// Gate API keys of a spot (admins only, permission scenic:gate-keys): gate devices send visitor
// counts with one. A new key is shown once; only its hash is stored, so it cannot be shown again.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import {
  Alert,
  Button,
  Card,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
} from '@arco-design/web-react';
import {
  SCENIC_GATE_KEY_HEADER,
  SCENIC_LIMITS,
  type ScenicGateKey,
  type ScenicGateKeyCreated,
} from '@console/shared';
import {
  useCreateGateKeyMutation,
  useRevokeGateKeyMutation,
  useScenicGateKeysQuery,
} from '../../api';
import { operationDateTime } from '@console/shared/i18n';

const NO_KEYS: ScenicGateKey[] = [];

export function GateKeys({ spotId }: { spotId: number }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const gateKeys = useScenicGateKeysQuery(spotId);
  const keys = gateKeys.isError ? NO_KEYS : (gateKeys.data ?? NO_KEYS);
  // A key created or revoked refreshes the keys (its mutation: `scenic.gateKey.changed`).
  const [createGateKey, creating] = useCreateGateKeyMutation();
  const [revokeGateKey] = useRevokeGateKeyMutation();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<ScenicGateKeyCreated | null>(null);

  const create = async () => {
    if (!name.trim()) return;
    try {
      const key = await createGateKey({ id: spotId, name: name.trim() }).unwrap();
      setCreated(key);
      setName('');
    } catch {
      /* the client showed the server's message */
    }
  };

  const when = (v: string | null) => (v ? operationDateTime(v) : '—');
  return (
    <Card title={t('scenic.gateKey.title')} data-testid="gate-keys">
      <Typography.Paragraph type="secondary">
        {t('scenic.gateKey.hint', { header: SCENIC_GATE_KEY_HEADER })}
      </Typography.Paragraph>
      <Space style={{ marginBottom: 12 }}>
        <Input
          value={name}
          onChange={setName}
          maxLength={SCENIC_LIMITS.keyNameMax}
          placeholder={t('scenic.gateKey.name')}
          style={{ width: 240 }}
        />
        <Button
          type="primary"
          disabled={!name.trim()}
          loading={creating.isLoading}
          onClick={() => void create()}
        >
          {t('scenic.gateKey.create')}
        </Button>
      </Space>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        data={keys}
        columns={[
          { title: t('scenic.gateKey.name'), dataIndex: 'name' },
          {
            title: t('scenic.gateKey.prefix'),
            dataIndex: 'prefix',
            render: (p: string) => <code>{p}…</code>,
          },
          { title: t('scenic.gateKey.created'), dataIndex: 'createdAt', render: when },
          { title: t('scenic.gateKey.lastUsed'), dataIndex: 'lastUsedAt', render: when },
          {
            title: t('scenic.field.status'),
            render: (_: unknown, k: ScenicGateKey) =>
              k.revokedAt ? (
                <Tag>{t('scenic.gateKey.revoked')}</Tag>
              ) : (
                <Popconfirm
                  title={t('scenic.gateKey.revokeConfirm')}
                  onOk={async () => {
                    await revokeGateKey({ id: spotId, keyId: k.id }).unwrap();
                  }}
                >
                  <Button size="mini" status="danger">
                    {t('scenic.gateKey.revoke')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      <Modal
        title={t('scenic.gateKey.createdTitle')}
        visible={created !== null}
        onOk={() => setCreated(null)}
        onCancel={() => setCreated(null)}
        hideCancel
      >
        <Alert type="warning" content={t('scenic.gateKey.once')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable code>
          {created?.key}
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}
