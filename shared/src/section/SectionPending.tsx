// The placeholder of a section page whose own issue has not landed yet, loaded when shown: it
// is exported by `@console/shared/section`, which the shell loads at boot, and its Arco
// components (Typography, Empty) must not ride along with the login page.
import { lazy, Suspense } from 'react';

const SectionPendingView = lazy(() => import('./SectionPendingView'));

/** `description` comes from the section's own messages, in the active locale. */
export function SectionPending(props: { routeKey: string; description: string }) {
  return (
    <Suspense fallback={null}>
      <SectionPendingView {...props} />
    </Suspense>
  );
}
