// Arco's Result loaded when shown: it carries its status illustrations (~27 KB gzip), which a
// page that loads well never draws (the workplace's first load stays within its budget).
import { lazy, Suspense } from 'react';
import type { ResultProps } from '@arco-design/web-react';

const Loaded = lazy(async () => {
  const [result] = await Promise.all([
    import('@arco-design/web-react/es/Result'),
    import('@arco-design/web-react/es/Result/style/css.js'),
  ]);
  return { default: result.default };
});

export function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
