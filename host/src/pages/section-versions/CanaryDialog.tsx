// Confirmation of a canary move (issue 30): start and widen ask the share of users; every move
// asks the reason the history and the audit trail keep.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { InputNumber, Modal, Space, Typography } from '@arco-design/web-react';
import { CANARY_SHARE_MAX, CANARY_SHARE_MIN } from '@console/shared/contracts/sections';
import type { SectionName } from '@console/shared/contracts/menu';
import { ReasonField } from './ReasonField';

export interface CanaryRequest {
  kind: 'canary' | 'widen' | 'promote' | 'abort';
  environment: string;
  section: SectionName;
  /** The pinned version. */
  pinned: string;
  /** The canary's version (the one to start, or the running one). */
  canary: string;
  /** The running canary's share (widen starts above it). */
  share: number | null;
}

export function CanaryDialog({
  request,
  busy,
  onConfirm,
  onCancel,
}: {
  request: CanaryRequest;
  /** The write is under way (the mutation's loading state). */
  busy: boolean;
  onConfirm: (reason: string, share: number | null) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const asksShare = request.kind === 'canary' || request.kind === 'widen';
  const lowest = request.kind === 'widen' ? (request.share ?? 0) + 1 : CANARY_SHARE_MIN;
  const [share, setShare] = useState<number | undefined>(
    request.kind === 'widen' ? Math.min(lowest, CANARY_SHARE_MAX) : 10,
  );
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim().length === 0 || (asksShare && share === undefined);
  return (
    <Modal
      visible
      data-testid="canary-dialog"
      title={t(`sectionVersions.confirm.${request.kind}Title`)}
      confirmLoading={busy}
      okButtonProps={{ status: request.kind === 'abort' ? 'warning' : undefined }}
      onCancel={onCancel}
      onOk={() => {
        setTouched(true);
        if (!missing) onConfirm(reason.trim(), asksShare ? (share ?? null) : null);
      }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>
          {t(`sectionVersions.confirm.${request.kind}`, {
            environment: request.environment,
            section: t(`menu.${request.section}`),
            from: request.pinned,
            to: request.canary,
          })}
        </Typography.Paragraph>
        {asksShare && (
          <label>
            <Typography.Text>{t('sectionVersions.share')} </Typography.Text>
            <InputNumber
              data-testid="canary-share"
              min={lowest}
              max={CANARY_SHARE_MAX}
              precision={0}
              suffix="%"
              style={{ width: 140 }}
              value={share}
              onChange={(v) => setShare(v ?? undefined)}
            />
          </label>
        )}
        <ReasonField value={reason} onChange={setReason} touched={touched} testId="canary-reason" />
      </Space>
    </Modal>
  );
}
