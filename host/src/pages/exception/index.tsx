// Exception pages (seed §8): 403 the user group lacks authority (back); 404 reuses the shell's
// not-found page (retry, back); 500 internal server error (back).
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { Button, Result } from '@arco-design/web-react';

function BackButton() {
  const navigate = useNavigate();
  return (
    <Button type="primary" onClick={() => navigate(-1)}>
      <FormattedMessage id="exception.back" />
    </Button>
  );
}

export function Exception403() {
  return (
    <Result
      status="403"
      data-testid="exception-403"
      title={<FormattedMessage id="exception.403.title" />}
      subTitle={<FormattedMessage id="exception.403.subTitle" />}
      extra={<BackButton />}
    />
  );
}

export function Exception500() {
  return (
    <Result
      status="500"
      data-testid="exception-500"
      title={<FormattedMessage id="exception.500.title" />}
      subTitle={<FormattedMessage id="exception.500.subTitle" />}
      extra={<BackButton />}
    />
  );
}
