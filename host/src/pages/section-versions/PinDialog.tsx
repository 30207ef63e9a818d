// Confirmation of a pin or rollback, with the reason the history and the audit trail keep.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Alert, Modal, Typography } from '@arco-design/web-react';
import type { SectionName } from '@console/shared/contracts/menu';
import { ReasonField } from './ReasonField';

export interface PinRequest {
  kind: 'pin' | 'rollback';
  environment: string;
  section: SectionName;
  from: string | null;
  to: string;
  incompatible?: boolean;
}

export function PinDialog({
  request,
  busy,
  onConfirm,
  onCancel,
}: {
  request: PinRequest;
  /** The write is under way (the mutation's loading state). */
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim().length === 0;
  const values = {
    environment: request.environment,
    section: intl.formatMessage({ id: `menu.${request.section}` }),
    from: request.from ?? intl.formatMessage({ id: 'sectionVersions.none' }),
    to: request.to,
  };
  return (
    <Modal
      visible
      data-testid="pin-dialog"
      title={intl.formatMessage({
        id:
          request.kind === 'pin'
            ? 'sectionVersions.confirm.pinTitle'
            : 'sectionVersions.confirm.rollbackTitle',
      })}
      confirmLoading={busy}
      okButtonProps={{ status: request.kind === 'rollback' ? 'warning' : undefined }}
      onCancel={onCancel}
      onOk={() => {
        setTouched(true);
        if (!missing) onConfirm(reason.trim());
      }}
    >
      <Typography.Paragraph>
        {intl.formatMessage(
          {
            id:
              request.kind === 'pin'
                ? 'sectionVersions.confirm.pin'
                : 'sectionVersions.confirm.rollback',
          },
          values,
        )}
      </Typography.Paragraph>
      {request.incompatible && (
        <Alert
          type="error"
          style={{ marginBottom: 12 }}
          content={intl.formatMessage({ id: 'sectionVersions.confirm.incompatible' })}
        />
      )}
      <ReasonField value={reason} onChange={setReason} touched={touched} testId="pin-reason" />
    </Modal>
  );
}
