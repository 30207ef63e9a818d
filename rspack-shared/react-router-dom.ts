// What the console uses of react-router, shared under the `react-router-dom` key instead of
// the whole package (rspack.config.base.ts): a shared module is never tree-shaken, and the
// full react-router 7 bundle (data routers, server rendering, RSC) is ~61 KB gzip of which a
// browser-routed console needs a fraction. Every app resolves `react-router-dom` to this file
// through the share scope, so there is still one router (one context) on the page.
// An app importing a name that is missing here fails its build: add the name here.
// Imports `react-router` (not `react-router-dom`), which is what react-router-dom re-exports.
export {
  BrowserRouter,
  createSearchParams,
  generatePath,
  Link,
  matchPath,
  matchRoutes,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  resolvePath,
  Route,
  Routes,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router';
