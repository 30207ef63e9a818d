// Certification (seed §3, §4): the operator's business licence in force, and the record list
// whose applications are checked, or withdrawn while under audit.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Message,
  Modal,
  Popconfirm,
  Spin,
  Table,
  Tag,
} from '@arco-design/web-react';
import type {
  CertificationRecord,
  CertificationRecordDetail,
} from '@console/shared/contracts/profile';
import {
  profileApi,
  useCertificationQuery,
  useWithdrawCertificationMutation,
} from '@console/shared/api';
import { CertificationForm } from './CertificationForm';
import { operationDateTime } from '@console/shared/i18n';

const STATUS_COLOR = { pass: 'green', auditing: 'orange', withdrawn: 'gray' } as const;

export function CertificationPanel() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const certification = useCertificationQuery();
  const data = certification.data ?? null;
  const failed = certification.isError;
  const [checking, setChecking] = useState<CertificationRecordDetail | null>(null);
  const [applying, setApplying] = useState(false);
  // The writes refetch what certification.changed names (this panel among them).
  const [withdrawCertification] = useWithdrawCertificationMutation();

  const load = () => void certification.refetch();

  const time = (v: string | null | undefined) => (v ? operationDateTime(v) : '-');
  const status = (s: keyof typeof STATUS_COLOR) => (
    <Tag color={STATUS_COLOR[s]}>{t(`certification.status.${s}`)}</Tag>
  );
  const licence = (info: CertificationRecordDetail['info']) => [
    {
      label: t('certification.accountType'),
      value: t(`certification.accountType.${info.accountType}`),
    },
    { label: t('certification.legalPerson'), value: info.legalPerson },
    {
      label: t('certification.certificateType'),
      value: t(`certification.certificateType.${info.certificateType}`),
    },
    { label: t('certification.authenticationNumber'), value: info.authenticationNumber },
    { label: t('certification.enterpriseName'), value: info.enterpriseName },
    {
      label: t('certification.enterpriseCertificateType'),
      value: info.enterpriseCertificateType || '-',
    },
    { label: t('certification.organizationCode'), value: info.organizationCode },
  ];

  const withdraw = async (row: CertificationRecord) => {
    try {
      await withdrawCertification({ id: row.id, version: row.version }).unwrap();
      Message.success(t('certification.withdrawn'));
    } catch {
      /* the client showed why (no longer under audit, a stale version) */
    }
  };

  if (failed) return <Button onClick={load}>{t('messageBox.retry')}</Button>;
  const info = data?.enterpriseInfo;
  const auditing = data?.list.some((r) => r.status === 'auditing') ?? false;
  return (
    <Spin loading={!data} style={{ display: 'block' }} data-testid="certification-panel">
      <Card
        title={t('certification.enterprise')}
        bordered={false}
        extra={
          <Button
            type="primary"
            size="small"
            disabled={auditing}
            onClick={() => setApplying(true)}
            data-testid="certification-apply"
          >
            {t('certification.submit')}
          </Button>
        }
      >
        {info ? (
          <Descriptions
            column={2}
            data={[
              { label: t('certification.status'), value: status(info.status) },
              { label: t('certification.time'), value: time(info.time) },
              ...licence(info),
            ]}
          />
        ) : (
          <Empty description={t('certification.none')} />
        )}
      </Card>
      <Card title={t('certification.records')} bordered={false}>
        <Table
          rowKey="id"
          pagination={false}
          data={data?.list ?? []}
          noDataElement={<Empty description={t('certification.none')} />}
          columns={[
            {
              title: t('certification.record.type'),
              dataIndex: 'certificationType',
              render: (v: 'enterprise' | 'individual') => t(`certification.accountType.${v}`),
            },
            { title: t('certification.record.content'), dataIndex: 'certificationContent' },
            { title: t('certification.record.status'), dataIndex: 'status', render: status },
            { title: t('certification.record.time'), dataIndex: 'time', render: time },
            {
              title: t('certification.record.action'),
              render: (_: unknown, row: CertificationRecord) => (
                <>
                  <Button
                    type="text"
                    size="small"
                    onClick={() => void profileApi.certificationRecord(row.id).then(setChecking)}
                  >
                    {t('certification.check')}
                  </Button>
                  {row.status === 'auditing' && (
                    <Popconfirm
                      title={t('certification.withdraw.confirm')}
                      onOk={() => withdraw(row)}
                    >
                      <Button
                        type="text"
                        size="small"
                        status="warning"
                        data-testid="certification-withdraw"
                      >
                        {t('certification.withdraw')}
                      </Button>
                    </Popconfirm>
                  )}
                </>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        title={t('certification.check')}
        visible={checking !== null}
        footer={null}
        onCancel={() => setChecking(null)}
      >
        {checking && (
          <Descriptions
            column={1}
            data={[
              { label: t('certification.status'), value: status(checking.status) },
              { label: t('certification.record.time'), value: time(checking.time) },
              ...licence(checking.info),
            ]}
          />
        )}
      </Modal>
      <CertificationForm
        visible={applying}
        onClose={() => setApplying(false)}
        onSubmitted={() => {
          setApplying(false);
          Message.success(t('certification.submitted'));
        }}
      />
    </Spin>
  );
}
