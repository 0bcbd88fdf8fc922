/**
 * Pure exporters: benchmark command lines and run files. The DOM-bound chart
 * exporters live in `./chart-image` and are imported from the UI directly.
 */
export { vllmCommand, genaiPerfCommand, aiperfCommand, benchCommands, spreadStddev, EXPORT_PERCENTILES } from './commands';
export type { BenchCommand, BenchTool, CommandTarget } from './commands';
export { shellQuote, formatCommand, commandArgv } from './shell';
export type { CommandSpec } from './shell';
export { simulatedRun, runResultToRun, runToCsv, runToJson, msText } from './runFiles';
export type { SimulatedRunOptions } from './runFiles';
