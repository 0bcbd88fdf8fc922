/**
 * The settings of the prefix cache in KV memory and of routing among
 * replicas: their fields, defaults and schema rows, spliced into `schema.ts`
 * (kept apart so the other levers' rows there stay easy to merge).
 */
import { MAX_PREFIX_GROUPS, MAX_TURNS } from '../engine/levers/config';
import type { RouterPolicy } from '../engine/types';
import { enumField, numberField } from './fields';
import type { ParamDef, Settings } from './schema';

/** The prefix cache's settings (off: no groups, one turn). */
export interface PrefixSettings {
  /** Distinct shared prefixes (system prompts, templates) conversations draw from; 0 = none. */
  prefixGroups: number;
  /** Tokens of each shared prefix, the opening of a conversation's first prompt. */
  prefixTokens: number;
  /** Turns per conversation (1 = single requests): each later prompt is the conversation so far plus a new message. */
  turns: number;
  /** How replicas are picked. */
  router: RouterPolicy;
}

/** Defaults: the cache in KV memory off, today's least-outstanding routing. */
export const PREFIX_DEFAULTS: Readonly<PrefixSettings> = { prefixGroups: 0, prefixTokens: 0, turns: 1, router: 'least-loaded' };

/** True when the settings ask for the prefix cache in KV memory. */
export const prefixCacheOn = (s: PrefixSettings): boolean => s.prefixGroups > 0 || s.prefixTokens > 0 || s.turns > 1;

const differs = <K extends keyof PrefixSettings>(s: PrefixSettings, k: K): PrefixSettings[K] | undefined => (s[k] !== PREFIX_DEFAULTS[k] ? s[k] : undefined);
const row = <T>(d: ParamDef<T>): ParamDef<unknown> => d as ParamDef<unknown>;

/** The schema rows, in the order they apply. */
export const PREFIX_PARAMS: readonly ParamDef<unknown>[] = [
  row<number>({ key: 'prefixGroups', flag: 'prefix-groups', kind: numberField(0, MAX_PREFIX_GROUPS, { integer: true }), apply: (s: Settings, v) => { s.prefixGroups = v; }, emit: (s: Settings) => differs(s, 'prefixGroups') }),
  row<number>({ key: 'prefixTokens', flag: 'prefix-tokens', kind: numberField(0, 200_000, { integer: true }), apply: (s: Settings, v) => { s.prefixTokens = v; }, emit: (s: Settings) => differs(s, 'prefixTokens') }),
  row<number>({ key: 'turns', flag: 'turns', kind: numberField(1, MAX_TURNS, { integer: true }), apply: (s: Settings, v) => { s.turns = v; }, emit: (s: Settings) => differs(s, 'turns') }),
  row<RouterPolicy>({ key: 'router', flag: 'router', kind: enumField(['least-loaded', 'prefix-aware'] as const), apply: (s: Settings, v) => { s.router = v; }, emit: (s: Settings) => differs(s, 'router') }),
];
