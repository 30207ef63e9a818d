export { hasElementPermission } from './elementPermission';
export {
  firstAllowedRoute,
  isInServerMenu,
  isRouteAccessible,
  routesInMenuOrder,
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
export { Permission, usePermission } from './Permission';
