// The panel of a section that failed to load. A chunk of its own: Arco's Result carries its
// status illustrations (~27 KB gzip), which no page that loads well should download.
import { FormattedMessage } from 'react-intl';
import { Button, Result } from '@arco-design/web-react';
import type { SectionName } from '@console/shared/contracts/menu';

export default function SectionErrorView({
  section,
  onRetry,
}: {
  section: SectionName;
  onRetry: () => void;
}) {
  return (
    <Result
      status="error"
      data-testid="section-error"
      title={<FormattedMessage id="section.loadFailed.title" />}
      subTitle={
        <FormattedMessage
          id="section.loadFailed.description"
          values={{ section: <FormattedMessage id={`menu.${section}`} /> }}
        />
      }
      extra={
        <Button type="primary" onClick={onRetry} data-testid="section-retry">
          <FormattedMessage id="section.loadFailed.retry" />
        </Button>
      }
    />
  );
}
