export { ServerPicker, RefusalAlert } from './ServerPicker';
export { hardwareStatus, hardwareFixes, pageWording, specOf } from './hardwareOptions';
export type { HardwareFix, HardwareStatus, MenuOption } from './hardwareOptions';
export { useHardwareStatus } from './useHardwareStatus';
