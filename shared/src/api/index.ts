export {
  http,
  request,
  onUnauthorized,
  showApiError,
  apiErrorCode,
  apiErrorEnvelope,
} from './client';
export {
  apiErrorMessage,
  EnvelopeError,
  ERROR_TEXTS,
  ERROR_MESSAGE_DURATION,
} from './errorCatalogue';
export { userApi } from './user';
export { sectionsApi, type SectionPin, type SectionPins } from './sections';
export { messagesApi } from './messages';
export { profileApi, type SessionRow } from './profile';
export { downloadFile, uploadSpreadsheet } from './files';
