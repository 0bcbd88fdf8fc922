export { Controls } from './Controls';
export { SLO_PRESETS, presetOf } from './sloPresets';
