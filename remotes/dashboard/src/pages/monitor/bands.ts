// The load bands' and statuses' colours, from the one copy in shared (scenic-labels.ts).
export {
  SCENIC_BAND_COLOR as BAND_COLOR,
  SCENIC_BAND_TAG as BAND_TAG,
  SCENIC_STATUS_TAG as STATUS_TAG,
} from '@console/shared';
