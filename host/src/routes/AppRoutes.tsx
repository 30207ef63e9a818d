import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { loginLocation, LOGIN_PATH } from '@console/shared/permission';
import { onUnauthorized, sessionEnded, useAppDispatch } from '@console/shared/store';
import { RouteGuard } from './RouteGuard';
import { PageLoading } from './PageLoading';

// The login page fetches only what it renders; the layout comes after sign-in.
const LoginPage = lazy(() => import('../pages/login'));

/**
 * A 401 from any call ends the session and sends the user to sign in, back here afterwards; so
 * does the live channel's word that the session ended, whose reason the login page shows.
 */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const location = useLocation();
  useEffect(() => {
    onUnauthorized((reason) => {
      // The reason stays in the store: the guard of the page left behind may redirect again.
      dispatch(sessionEnded(reason));
      if (window.location.pathname !== LOGIN_PATH) {
        navigate(loginLocation(window.location.pathname, window.location.search), {
          replace: true,
        });
      }
    });
    return () => onUnauthorized(null);
  }, [dispatch, navigate, location.key]);
  return null;
}

export function AppRoutes() {
  return (
    <>
      <UnauthorizedRedirect />
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/" element={<Navigate to={LOGIN_PATH} replace />} />
          <Route path={LOGIN_PATH} element={<LoginPage />} />
          <Route path="*" element={<RouteGuard />} />
        </Routes>
      </Suspense>
    </>
  );
}
