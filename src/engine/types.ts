/**
 * Core types of the Latency Lab engine. Units are in the names: `S` seconds,
 * `Ms` milliseconds, `Tokens` tokens, `PerSec` per second. The engine is pure:
 * no DOM, no React, no I/O.
 */
export type * from './scenarioTypes';
export type * from './metricsTypes';
export type * from './runTypes';
export type * from './levers/types';
export type { KvCapacityBounds } from './scheduler/kvBounds';
