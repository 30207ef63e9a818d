import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { Button, Result } from '@arco-design/web-react';

/** Seed §8, 404: the page is gone (retry, back). */
export function NotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      data-testid="not-found"
      subTitle={<FormattedMessage id="notFound.title" />}
      extra={[
        <Button key="back" onClick={() => navigate(-1)} style={{ marginRight: 8 }}>
          <FormattedMessage id="notFound.back" />
        </Button>,
        <Button key="retry" type="primary" onClick={() => navigate(0)}>
          <FormattedMessage id="notFound.retry" />
        </Button>,
      ]}
    />
  );
}
