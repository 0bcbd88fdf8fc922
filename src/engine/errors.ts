/** A scenario value the engine cannot run, naming the offending parameter. */
export class EngineInputError extends Error {
  /** Name of the bad input, as the CLI and deep links spell it (e.g. `users`). */
  readonly param: string;
  constructor(param: string, message: string) {
    super(`${param}: ${message}`);
    this.name = 'EngineInputError';
    this.param = param;
  }
}
