// The shell's result and exception pages, each loaded when shown: Arco's Result carries its
// status illustrations (~27 KB gzip), which the workplace and the other pages never draw.
import { lazy, Suspense, type ComponentType } from 'react';

function deferred(load: () => Promise<ComponentType>): ComponentType {
  const Page = lazy(() => load().then((Component) => ({ default: Component })));
  return function DeferredPage() {
    return (
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    );
  };
}

export const NotFound = deferred(() => import('./not-found').then((m) => m.NotFound));
export const Exception403 = deferred(() => import('./exception').then((m) => m.Exception403));
export const Exception500 = deferred(() => import('./exception').then((m) => m.Exception500));
export const SuccessResult = deferred(() => import('./result').then((m) => m.SuccessResult));
export const ErrorResult = deferred(() => import('./result').then((m) => m.ErrorResult));
