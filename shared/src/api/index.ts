export { http, request, showApiError, apiErrorCode, apiErrorEnvelope } from './client';
export { onUnauthorized } from '../store/session';
export type { SectionPin, SectionPins } from '../section/pins';
export {
  apiErrorMessage,
  EnvelopeError,
  ERROR_TEXTS,
  ERROR_MESSAGE_DURATION,
} from './errorCatalogue';
export { userApi } from './user';
export { messagesApi, messageQueries, useMessageListQuery, useUnreadCountsQuery } from './messages';
export {
  profileApi,
  profileQueries,
  useProfileQuery,
  useSessionsQuery,
  useCertificationQuery,
  useActivityInfiniteQuery,
  type SessionRow,
} from './profile';
export { downloadFile, uploadSpreadsheet } from './files';
export {
  consoleApi,
  clientBaseQuery,
  invalidateApiTags,
  isNotFoundError,
  parseRecordId,
  API_TAG_TYPES,
  type ApiQueryError,
  type ApiTag,
  type ApiTagType,
} from './rtk';
export { spotOptionsApi, useSpotOptionsQuery, type SpotOptionsArgs } from './spotOptions';
export {
  useLiveEvents,
  subscribeLiveEvents,
  liveStatus,
  tagsForEvent,
  type LiveStatus,
  type LiveListener,
} from './live';
