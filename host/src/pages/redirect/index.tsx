import { Navigate, useParams } from 'react-router-dom';

/** `/redirect/:path`: a hidden helper that lands on `path` afresh (used by the tab bar's reload). */
export function RedirectPage() {
  const { path = '' } = useParams();
  const target = decodeURIComponent(path);
  return (
    <Navigate
      to={target.startsWith('/') && !target.startsWith('//') ? target : `/${target}`}
      replace
    />
  );
}
