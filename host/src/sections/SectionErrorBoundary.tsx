import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { SectionName } from '@console/shared/contracts/menu';
import { loadedVersionOf, SectionLoadError, SectionNotPinnedError } from './registry';
import { reportSectionError } from './reports';

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
    const { section } = this.props;
    console.error(`Section ${section} failed to load`, error);
    // Reported against the version this page loads (issue 30); a section with no pin has none.
    const loaded = loadedVersionOf(section);
    const load = error instanceof SectionLoadError;
    if (loaded && !(load && error.reason instanceof SectionNotPinnedError)) {
      reportSectionError(
        section,
        loaded.version,
        load ? 'load' : 'render',
        load ? error.reason : error,
      );
    }
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
