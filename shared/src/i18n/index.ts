export {
  chosenLocale,
  LOCALE_STORAGE_KEY,
  setSiteDefaultLocale,
  storedLocale,
  storeLocale,
} from './locale';
export {
  localized,
  menuMessages,
  mergeBundles,
  messagesFor,
  type MessageBundle,
  type Messages,
} from './messages';
export {
  OPERATION_ZONE_LABEL,
  operationClock,
  operationDate,
  operationDateTime,
  operationDay,
} from './operationTime';
