/** Settings: one schema for links, the store and the CLI. */
export * from './schema';
export * from './parse';
export * from './scenario';
export * from './pin';
export * from './levers';
