import type { Scenario } from '../engine/types';
import { EngineInputError } from '../engine/validate';
import { simulate } from '../engine/simulate';
import { DEFAULT_SWEEP_USERS, sweep, type SweepAxis } from '../engine/sweep';
import { parseSettings } from '../settings/parse';
import { parsePin, settingChanges } from '../settings/pin';
import type { Settings } from '../settings/schema';
import { PARAMS } from '../settings/schema';
import { SETTING_DOCS } from '../settings/docs';
import { scenarioFromSettings } from '../settings/scenario';
// Speculative decoding's methods (draft models, EAGLE, prompt lookup) register themselves.
import '../settings/speculative';
import '../settings/pools';
import { servingOf } from '../settings/serving';
import { EXTRA_FLAGS, parseArgs, parseNumberList, UsageError } from './args';
import { predictText, sweepText } from './format';
import { predictJson, sweepJson } from './json';
import { predictionUncertainty, sweepUncertainty, withPredictionRanges, withSweepRanges } from './rangesJson';
import { rangesNote } from '../settings/ranges';
import { comparisonJson, comparisonText } from './levers';
import { listing, listText } from './list';
import { memoryJson } from './memoryJson';
import { runImport } from './import';
import { runMeasure } from './measure';
import { runPlan, runPlanOnWorkers } from './plan';
import { quietOnClosedPipe } from './pipe';
import { readTextFile } from './readText';
import { traceText, withTrace, type ReadText } from './trace';

const USAGE = `Latency Lab CLI: simulate a continuous-batching LLM server.

Usage: npm run --silent lab -- <command> [options]
Commands:
  predict   one scenario: TTFT, TPOT, ITL, E2E percentiles, throughput, goodput
  sweep     the throughput-versus-load curve (each point a full simulation, steady window unless --window)
  list      workloads, servers and engine presets
  measure   a live OpenAI-compatible streaming endpoint (see: measure --help)
  import    benchmark result files: the same metrics (see: import --help)
  plan      the cheapest deployments that serve a rate within TTFT/TPOT targets (see: plan --help)

Options (the same names as the lab's deep links):
${PARAMS.map((p) => `  --${p.flag.padEnd(16)} ${SETTING_DOCS[p.key]} Accepts ${p.kind.accepts}.`).join('\n')}
${Object.entries(EXTRA_FLAGS).map(([k, v]) => `  --${k.padEnd(16)} ${v.doc}`).join('\n')}
Exit status: 0 ok, 2 bad option or value, 1 anything else.`;

/** The baseline of `--pin QUERY`, parsed with the link's schema: a bad value is a usage error naming it. */
function pinnedBaseline(raw: string | undefined): { settings: Settings; scenario: Scenario } | null {
  if (raw === undefined) return null;
  const { settings, notices } = parsePin(raw.replace(/^\?/, ''));
  if (notices.length > 0) throw new UsageError(notices.map((n) => `--pin ${n.param}: ${n.message.replace(/ (Using the default|Ignored)\.$/, '')}`).join('\n'));
  const built = scenarioFromSettings(settings);
  if (!built.ok) throw new UsageError(`--pin pin.${built.param}: ${built.message}`);
  return { settings, scenario: built.scenario };
}

/** Runs the CLI; returns the exit status. Output goes through `out` and `err`. */
export function run(argv: readonly string[], out: (s: string) => void, err: (s: string) => void, readText: ReadText = readTextFile): number {
  if (argv[0] === 'import') return runImport(argv.slice(1), out, err);
  if (argv[0] === 'plan') return runPlan(argv.slice(1), out, err);
  try {
    const args = parseArgs(argv);
    if (args.extras.has('help') || args.command === null || args.command === 'help') {
      out(USAGE);
      return args.command === null && !args.extras.has('help') ? 2 : 0;
    }
    const json = args.extras.has('json');
    if (args.command === 'list') {
      out(json ? JSON.stringify(listing(), null, 2) : listText());
      return 0;
    }
    if (args.command !== 'predict' && args.command !== 'sweep') throw new UsageError(`unknown command "${args.command}" (predict, sweep, list, measure, import or plan)`);
    const { settings, notices } = parseSettings((k) => args.values.get(k) ?? null, 'cli');
    if (notices.length > 0) throw new UsageError(notices.map((n) => `${n.param}: ${n.message.replace(/ Using the default\.$/, '')}`).join('\n'));
    const built = scenarioFromSettings(settings);
    if (!built.ok) throw new UsageError(`--${built.param}: ${built.message}`);
    const serving = servingOf(settings);
    const pinned = pinnedBaseline(args.extras.get('pin'));
    for (const f of ['trace', 'replay']) if (args.command === 'sweep' && args.extras.has(f)) throw new UsageError(`--${f} replays one run: use predict (a sweep varies the load, which the trace fixes)`);
    if (args.command === 'predict') {
      const { scenario, trace } = withTrace(built.scenario, args.extras, readText);
      const result = simulate(scenario);
      const note = rangesNote(settings);
      // Ranges off: not one edge run, and the document exactly as before ranges existed.
      const ranged = (doc: ReturnType<typeof predictJson>) => (settings.ranges === 'off' ? doc : withPredictionRanges(doc, note === null ? predictionUncertainty(result) : { note }));
      if (!pinned) {
        out(json ? JSON.stringify({ ...ranged(predictJson(result, serving, memoryJson(settings, serving, result))), ...(trace ? { trace } : {}) }, null, 2) : [predictText(result, serving), ...(trace ? [traceText(trace)] : [])].join('\n'));
        return 0;
      }
      const base = simulate(pinned.scenario);
      const changes = settingChanges(pinned.settings, settings);
      if (json) out(JSON.stringify({ ...ranged(predictJson(result, serving, memoryJson(settings, serving, result))), baseline: predictJson(base, servingOf(pinned.settings), memoryJson(pinned.settings, servingOf(pinned.settings), base)), comparison: comparisonJson(base.metrics, result.metrics, changes) }, null, 2));
      else out([predictText(result, serving), '', `Baseline (--pin):`, predictText(base, servingOf(pinned.settings)), '', comparisonText(base.metrics, result.metrics, changes)].join('\n'));
      return 0;
    }
    const rates = args.extras.get('sweep-rates');
    const users = args.extras.get('sweep-users');
    if (rates !== undefined && users !== undefined) throw new UsageError('use --sweep-users or --sweep-rates, not both');
    const axis: SweepAxis = rates !== undefined
      ? { kind: 'rate', values: parseNumberList(rates, 'sweep-rates', 'rate') }
      : { kind: 'users', values: users !== undefined ? parseNumberList(users, 'sweep-users', 'users') : DEFAULT_SWEEP_USERS };
    // A curve is measured in its steady state unless --window says otherwise.
    const window = args.values.has('window') ? { kind: settings.window, warmup: settings.warmup } : undefined;
    const points = sweep(built.scenario, axis, window);
    const note = rangesNote(settings);
    const banded = (doc: ReturnType<typeof sweepJson>) => (settings.ranges === 'off' ? doc : withSweepRanges(doc, points, note === null ? sweepUncertainty(built.scenario, axis, points, window) : { note }));
    if (!pinned) {
      out(json ? JSON.stringify(banded(sweepJson(built.scenario, axis.kind, points, serving)), null, 2) : sweepText(points));
      return 0;
    }
    const basePoints = sweep(pinned.scenario, axis, window);
    if (json) out(JSON.stringify({ ...banded(sweepJson(built.scenario, axis.kind, points, serving)), baseline: sweepJson(pinned.scenario, axis.kind, basePoints, servingOf(pinned.settings)), changes: settingChanges(pinned.settings, settings) }, null, 2));
    else out(['Now:', sweepText(points), '', 'Baseline (--pin):', sweepText(basePoints)].join('\n'));
    return 0;
  } catch (e) {
    if (e instanceof UsageError || e instanceof EngineInputError) {
      err(`lab: ${e.message}`);
      return 2;
    }
    err(`lab: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}

const isMain = process.argv[1] !== undefined && /cli[\\/]main\.ts$/.test(process.argv[1]);
if (isMain) {
  quietOnClosedPipe(process.stdout, (status) => process.exit(status));
  quietOnClosedPipe(process.stderr, (status) => process.exit(status));
  const argv = process.argv.slice(2);
  const out = (s: string) => console.log(s);
  const err = (s: string) => console.error(s);
  if (argv[0] === 'measure') {
    // Measuring is asynchronous (network); Ctrl-C stops it cleanly.
    const stop = new AbortController();
    process.once('SIGINT', () => stop.abort());
    void runMeasure(argv.slice(1), out, err, process.env, stop.signal).then((status) => {
      process.exitCode = status;
    });
  } else if (argv[0] === 'plan') {
    // The plan's search runs on worker threads; Ctrl-C stops it and prints what it found.
    const stop = new AbortController();
    process.once('SIGINT', () => stop.abort());
    const progress = process.stderr.isTTY ? (line: string) => process.stderr.write(`\r${line}\x1b[K`) : undefined;
    void runPlanOnWorkers(argv.slice(1), out, err, stop.signal, progress).then((status) => {
      if (progress) process.stderr.write('\r\x1b[K');
      process.exitCode = status;
    });
  } else {
    process.exitCode = run(argv, out, err);
  }
}
