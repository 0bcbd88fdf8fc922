import { settingsFromQuery } from '../settings/parse';
import { DEFAULT_SETTINGS, PARAMS, type Settings } from '../settings/schema';
import type { Applies } from './types';

/** Plain words for the settings an explanation depends on. */
const SETTING_WORDS: Partial<Record<keyof Settings, string>> = {
  workload: 'the workload',
  prompt: 'the prompt length',
  output: 'the output length',
  spread: 'the length spread',
  users: 'the number of users',
  rate: 'the request rate',
  burstiness: 'the burstiness',
  thinkMs: 'the think time',
  requests: 'the number of requests',
  seed: 'the seed',
  ttftSlo: 'the TTFT target',
  tpotSlo: 'the TPOT target',
  e2eSlo: 'the end-to-end target',
  server: 'the server',
  chunkedPrefill: 'chunked prefill',
  networkMs: 'the network round trip',
  customTtftMs: "the custom server's TTFT",
  customTokPerSec: "the custom server's pace",
  model: 'the model',
  gpu: 'the GPU',
  precision: 'the precision',
  tp: 'the tensor-parallel degree',
  kvPrecision: 'the KV-cache precision',
  engine: 'the engine',
  maxBatch: 'the batch limit',
  tokenBudget: 'the token budget',
  gpuMemoryUtilization: 'the GPU memory share',
  admission: 'the KV admission',
  window: 'the measurement window',
  warmup: 'the warm-up requests',
  prefixCacheShare: 'the cached prefix share',
  specTokens: 'the draft tokens',
  specAcceptance: 'the draft acceptance',
  specDraftCost: "the draft's cost",
  replicas: 'the replicas',
  prefillGpus: 'the prefill GPUs',
  decodeGpus: 'the decode GPUs',
  prefillTp: 'the prefill TP',
  decodeTp: 'the decode TP',
  kvLink: 'the KV link',
};

/** The settings a scenario query sets up (full settings: unlisted keys take their defaults). */
export function settingsOfQuery(query: string): Settings {
  return settingsFromQuery(query).settings;
}

/** The keys among `keys` whose value in `settings` differs from the scenario's. */
export function changedKeys(settings: Settings, query: string, keys: readonly (keyof Settings)[]): (keyof Settings)[] {
  const want = settingsOfQuery(query);
  return keys.filter((k) => !Object.is(settings[k], want[k]));
}

/** "a, b and c". */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * An `applies` check: the explanation holds while every key in `keys` keeps
 * the value the scenario gave it. The message names what changed.
 */
export function appliesWhileSame(query: string, keys: readonly (keyof Settings)[], about: string): (settings: Settings) => Applies {
  return (settings) => {
    const changed = changedKeys(settings, query, keys);
    if (changed.length === 0) return { ok: true };
    const words = listWords(changed.map((k) => SETTING_WORDS[k] ?? String(k)));
    return {
      ok: false,
      message: `You changed ${words}, so this explanation (about ${about}) no longer describes what the lab shows. Set up the lab again to bring it back.`,
    };
  };
}

/** What is sent and how often: the workload, its lengths and the load. */
const TRAFFIC_KEYS: readonly (keyof Settings)[] = ['workload', 'prompt', 'output', 'spread', 'users', 'rate', 'burstiness', 'thinkMs', 'requests', 'seed'];
const SLO_KEYS: readonly (keyof Settings)[] = ['ttftSlo', 'tpotSlo', 'e2eSlo'];

/**
 * Everything that defines the server and how its numbers are taken: the
 * server and its hardware, the engine and scheduler, the measurement window,
 * the network and every lever. Taken from the schema table, so a setting
 * added later is in it without anyone remembering to list it.
 */
export const SERVER_KEYS: readonly (keyof Settings)[] = PARAMS.map((p) => p.key)
  .filter((k): k is keyof Settings => k in DEFAULT_SETTINGS)
  .filter((k) => !TRAFFIC_KEYS.includes(k) && !SLO_KEYS.includes(k));

/** The keys that shape a run's numbers; most questions depend on all of them. */
export const RUN_KEYS: readonly (keyof Settings)[] = [...TRAFFIC_KEYS, ...SERVER_KEYS];

/** Run keys plus the SLO targets, for questions about the verdict or goodput. */
export const RUN_AND_SLO_KEYS: readonly (keyof Settings)[] = [...RUN_KEYS, ...SLO_KEYS];

/** The keys a lever scene's last step depends on: every run and SLO key (the scenes set up the whole scenario, server and levers included). */
export const LEVER_SCENE_KEYS: readonly (keyof Settings)[] = RUN_AND_SLO_KEYS;
