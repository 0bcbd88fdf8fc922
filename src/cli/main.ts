import { EngineInputError } from '../engine/validate';
import { simulate } from '../engine/simulate';
import { DEFAULT_SWEEP_USERS, sweep, type SweepAxis } from '../engine/sweep';
import { parseSettings } from '../settings/parse';
import { PARAMS } from '../settings/schema';
import { scenarioFromSettings } from '../settings/scenario';
import { EXTRA_FLAGS, parseArgs, parseNumberList, UsageError } from './args';
import { predictText, sweepText } from './format';
import { predictJson, sweepJson } from './json';
import { listing, listText } from './list';
import { runImport } from './import';
import { runMeasure } from './measure';

const USAGE = `Latency Lab CLI: simulate a continuous-batching LLM server.

Usage: npm run --silent lab -- <command> [options]
Commands:
  predict   one scenario: TTFT, TPOT, ITL, E2E percentiles, throughput, goodput
  sweep     the throughput-versus-load curve (each point a full simulation)
  list      workloads and servers
  measure   a live OpenAI-compatible streaming endpoint (see: measure --help)
  import    benchmark result files: the same metrics (see: import --help)

Options (the same names as the lab's deep links):
${PARAMS.map((p) => `  --${p.flag.padEnd(16)} ${p.doc} Accepts ${p.kind.accepts}.`).join('\n')}
${Object.entries(EXTRA_FLAGS).map(([k, v]) => `  --${k.padEnd(16)} ${v.doc}`).join('\n')}
Exit status: 0 ok, 2 bad option or value, 1 anything else.`;

/** Runs the CLI; returns the exit status. Output goes through `out` and `err`. */
export function run(argv: readonly string[], out: (s: string) => void, err: (s: string) => void): number {
  if (argv[0] === 'import') return runImport(argv.slice(1), out, err);
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
    if (args.command !== 'predict' && args.command !== 'sweep') throw new UsageError(`unknown command "${args.command}" (predict, sweep, list, measure or import)`);
    const { settings, notices } = parseSettings((k) => args.values.get(k) ?? null, 'cli');
    if (notices.length > 0) throw new UsageError(notices.map((n) => `${n.param}: ${n.message.replace(/ Using the default\.$/, '')}`).join('\n'));
    const built = scenarioFromSettings(settings);
    if (!built.ok) throw new UsageError(`--${built.param}: ${built.message}`);
    if (args.command === 'predict') {
      const result = simulate(built.scenario);
      out(json ? JSON.stringify(predictJson(result), null, 2) : predictText(result));
      return 0;
    }
    const rates = args.extras.get('sweep-rates');
    const users = args.extras.get('sweep-users');
    if (rates !== undefined && users !== undefined) throw new UsageError('use --sweep-users or --sweep-rates, not both');
    const axis: SweepAxis = rates !== undefined
      ? { kind: 'rate', values: parseNumberList(rates, 'sweep-rates', 'rate') }
      : { kind: 'users', values: users !== undefined ? parseNumberList(users, 'sweep-users', 'users') : DEFAULT_SWEEP_USERS };
    const points = sweep(built.scenario, axis);
    out(json ? JSON.stringify(sweepJson(built.scenario, axis.kind, points), null, 2) : sweepText(points));
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
  } else {
    process.exitCode = run(argv, out, err);
  }
}
