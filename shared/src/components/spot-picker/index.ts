export { SpotPicker, spotOptionLabel, type SpotPickerProps } from './SpotPicker';
