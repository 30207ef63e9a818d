import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { SectionName } from '@console/shared/contracts/menu';

const SectionErrorView = lazy(() => import('./SectionErrorView'));

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
      <Suspense fallback={null}>
        <SectionErrorView section={this.props.section} onRetry={this.props.onRetry} />
      </Suspense>
    );
  }
}
