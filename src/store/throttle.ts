/**
 * Calls `fn` at once, then at most once per `ms` while calls keep coming,
 * always ending with the last value (leading and trailing edge).
 * `ms = 0` calls through synchronously every time.
 */
export function throttleLatest<T>(fn: (value: T) => void, ms: number): (value: T) => void {
  if (ms <= 0) return fn;
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: { value: T } | null = null;
  const flush = () => {
    timer = null;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    last = Date.now();
    fn(value);
  };
  return (value: T) => {
    const wait = last + ms - Date.now();
    if (wait <= 0 && timer === null) {
      last = Date.now();
      fn(value);
      return;
    }
    pending = { value };
    timer ??= setTimeout(flush, Math.max(0, wait));
  };
}
