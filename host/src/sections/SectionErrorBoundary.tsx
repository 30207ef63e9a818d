import { Component, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button, Result } from '@arco-design/web-react';
import type { SectionName } from '@console/shared/contracts/menu';

interface Props {
  section: SectionName;
  onRetry: () => void;
  children: ReactNode;
}

/** A section that fails to load shows this panel inside the shell; the rest keeps working. */
export class SectionErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error(`Section ${this.props.section} failed to load`, error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Result
        status="error"
        data-testid="section-error"
        title={<FormattedMessage id="section.loadFailed.title" />}
        subTitle={
          <FormattedMessage
            id="section.loadFailed.description"
            values={{ section: <FormattedMessage id={`menu.${this.props.section}`} /> }}
          />
        }
        extra={
          <Button type="primary" onClick={this.props.onRetry} data-testid="section-retry">
            <FormattedMessage id="section.loadFailed.retry" />
          </Button>
        }
      />
    );
  }
}
