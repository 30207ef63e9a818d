// Result pages (seed §2, §8): success, and error "form submit failed, please retry" with
// "back to home" / "return for correction" and the details list.
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { Button, Card, Link, Result, Typography } from '@arco-design/web-react';
import { IconCloseCircle } from '@arco-design/web-react/icon';

const HOME = '/dashboard/workplace';

export function SuccessResult() {
  const navigate = useNavigate();
  return (
    <Card data-testid="result-success">
      <Result
        status="success"
        title={<FormattedMessage id="result.success.title" />}
        subTitle={<FormattedMessage id="result.success.subTitle" />}
        extra={[
          <Button key="again" style={{ marginRight: 12 }} onClick={() => navigate(-1)}>
            <FormattedMessage id="result.success.again" />
          </Button>,
          <Button key="home" type="primary" onClick={() => navigate(HOME)}>
            <FormattedMessage id="result.success.back" />
          </Button>,
        ]}
      />
    </Card>
  );
}

export function ErrorResult() {
  const navigate = useNavigate();
  return (
    <Card data-testid="result-error">
      <Result
        status="error"
        title={<FormattedMessage id="result.error.title" />}
        subTitle={<FormattedMessage id="result.error.subTitle" />}
        extra={[
          <Button key="home" style={{ marginRight: 12 }} onClick={() => navigate(HOME)}>
            <FormattedMessage id="result.error.back" />
          </Button>,
          <Button key="retry" type="primary" onClick={() => navigate(-1)}>
            <FormattedMessage id="result.error.retry" />
          </Button>,
        ]}
      />
      <div
        style={{ maxWidth: 560, margin: '0 auto', padding: 16, background: 'var(--color-fill-2)' }}
      >
        <Typography.Title heading={6}>
          <FormattedMessage id="result.error.details" />
        </Typography.Title>
        <ol data-testid="result-error-details">
          <li>
            <IconCloseCircle style={{ color: 'rgb(var(--danger-6))', marginRight: 4 }} />
            <FormattedMessage id="result.error.detail.domain" />{' '}
            <Link href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
              <FormattedMessage id="result.error.detail.link" />
            </Link>
          </li>
          <li>
            <IconCloseCircle style={{ color: 'rgb(var(--danger-6))', marginRight: 4 }} />
            <FormattedMessage id="result.error.detail.authority" />
          </li>
        </ol>
      </div>
    </Card>
  );
}
