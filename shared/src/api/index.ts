export { http, request, showApiError, apiErrorCode, apiErrorEnvelope } from './client';
export { onUnauthorized } from '../store/session';
export type { SectionPin, SectionPins } from '../section/pins';
export {
  apiErrorMessage,
  isApiQueryError,
  EnvelopeError,
  ERROR_TEXTS,
  ERROR_MESSAGE_DURATION,
} from './errorCatalogue';
export { userApi } from './user';
export {
  messageQueries,
  messageWrites,
  messageEvents,
  useMessageListQuery,
  useUnreadCountsQuery,
  useReadMessagesMutation,
  useReadAllMessagesMutation,
  usePublishNoticeMutation,
} from './messages';
export {
  profileApi,
  profileQueries,
  profileWrites,
  profileEvents,
  useProfileQuery,
  useSessionsQuery,
  useCertificationQuery,
  useActivityInfiniteQuery,
  useUpdateProfileMutation,
  useUploadAvatarMutation,
  useChangePasswordMutation,
  useSignOutOthersMutation,
  useSubmitCertificationMutation,
  useWithdrawCertificationMutation,
  type SessionRow,
} from './profile';
export {
  downloadFile,
  spreadsheetImports,
  useImportSpreadsheetMutation,
  type SpreadsheetImport,
  type SpreadsheetImportEvent,
} from './files';
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
  type LiveStatus,
  type LiveListener,
} from './live';
export {
  tagsForEvent,
  tagsForEvents,
  invalidatesOn,
  refusedAsStale,
  type DomainEvent,
  type WriteEvent,
} from './invalidation';
export {
  assignmentWrites,
  useAssignGuideMutation,
  useReplaceGuideMutation,
  useRemoveAssignmentMutation,
  assignmentEvents,
  type AssignGuideArgs,
  type ReplaceGuideArgs,
  type RemoveAssignmentArgs,
} from './assignments';
