export { hasElementPermission } from './elementPermission';
export {
  canOpenRoute,
  firstAllowedRoute,
  isInServerMenu,
  isRouteAccessible,
  routesInMenuOrder,
  serverMenuAdmits,
  serverMenuKeys,
  type GuardedRoute,
} from './routeAccess';
export {
  afterLoginLocation,
  decideNavigation,
  loginLocation,
  matchRoute,
  LOGIN_PATH,
  type GuardDecision,
  type GuardInput,
} from './guard';
export { useHasPermission } from './useHasPermission';
