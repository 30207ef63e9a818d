import { useEffect } from 'react';
import { progress } from '../progress';

/** Suspense fallback: shows the progress bar while a page's code arrives. */
export function PageLoading() {
  useEffect(() => {
    progress.start();
    return () => progress.done();
  }, []);
  return null;
}
