/** The compare panel: real runs (imported or measured) next to the simulation. */
export { ComparePanel } from './ComparePanel';
export type { ComparePanelProps, SimulatedSummary } from './ComparePanel';
export { importedRunPoint, compareRows, runVerdict } from './compareModel';
export type { RunPoint, CompareRow, RunVerdict } from './compareModel';
export { layoutCdf } from './cdfLayout';
export type { CdfSeries, CdfMarks, CdfLine } from './cdfLayout';
