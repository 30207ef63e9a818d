// The reason a pin or canary move asks for: kept in the pin history and the operation log.
import { useIntl } from 'react-intl';
import { Input, Typography } from '@arco-design/web-react';
import { PIN_REASON_MAX } from '@console/shared/contracts/sections';

export function ReasonField({
  value,
  onChange,
  touched,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The dialog was submitted once: an empty reason shows its error. */
  touched: boolean;
  testId: string;
}) {
  const intl = useIntl();
  const missing = touched && value.trim().length === 0;
  return (
    <>
      <Input.TextArea
        data-testid={testId}
        value={value}
        maxLength={PIN_REASON_MAX}
        showWordLimit
        autoSize={{ minRows: 2, maxRows: 5 }}
        placeholder={intl.formatMessage({ id: 'sectionVersions.reason.placeholder' })}
        status={missing ? 'error' : undefined}
        onChange={onChange}
      />
      {missing && (
        <Typography.Text type="error" data-testid={`${testId}-error`}>
          {intl.formatMessage({ id: 'sectionVersions.reason.required' })}
        </Typography.Text>
      )}
    </>
  );
}
