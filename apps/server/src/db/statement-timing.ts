import { performance } from 'node:perf_hooks';

/** The longest statement since the last `take()`: its time and the start of its text. */
export interface LongestStatement {
  ms: number;
  sql: string;
}

/**
 * The longest database call since it was last read, kept cheaply (a subtraction and a comparison per
 * call; the statement's text is decoded only when a new longest is seen). On the embedded database a
 * call is the synchronous work of PGlite on the event loop (every request waits for it); on PostgreSQL
 * it is the time from the query to its answer (waiting for a pooled connection included), which blocks
 * nothing. /metrics reads and resets it at each scrape (robot_ads_db_statement_max_seconds); the fleet
 * benches print it.
 */
export class StatementTiming {
  private longest: LongestStatement = { ms: 0, sql: '' };
  /** Over the process's life, never reset (for a line at shutdown, or a bench's summary). */
  private ever: LongestStatement = { ms: 0, sql: '' };

  record(ms: number, text: () => string) {
    if (ms <= this.longest.ms) return;
    const sql = text().replace(/\s+/g, ' ').trim().slice(0, 160);
    this.longest = { ms, sql };
    if (ms > this.ever.ms) this.ever = { ms, sql };
  }

  /** The longest since the previous take, and a new window. */
  take(): LongestStatement {
    const found = this.longest;
    this.longest = { ms: 0, sql: '' };
    return found;
  }

  /** The longest since the previous take, without starting a new window. */
  peek(): LongestStatement {
    return this.longest;
  }

  longestEver(): LongestStatement {
    return this.ever;
  }
}

const decoder = new TextDecoder();

/** The SQL text in a frontend protocol message (Parse `P` or simple Query `Q`), else ''. */
function sqlOfMessage(message: Uint8Array | undefined): string {
  if (!message || message.length < 6) return '';
  const type = message[0];
  if (type !== 0x50 && type !== 0x51) return '';
  // Parse: type, int32 length, statement name (NUL-terminated), query (NUL-terminated). Query: type, length, query.
  let start = 5;
  if (type === 0x50) {
    while (start < message.length && message[start] !== 0) start++;
    start++;
  }
  let end = start;
  while (end < message.length && end - start < 400 && message[end] !== 0) end++;
  return decoder.decode(message.subarray(start, end));
}

/**
 * Times every synchronous protocol exchange of a PGlite instance (execProtocolRawSync: where the
 * statement runs, on the caller's thread). The text is that of the last Parse or Query message seen, so
 * an Execute is named by the statement parsed before it.
 */
export function timePglite(client: object, timing: StatementTiming) {
  const target = client as { execProtocolRawSync?: (message: Uint8Array, ...rest: unknown[]) => Uint8Array };
  const original = target.execProtocolRawSync;
  if (typeof original !== 'function') return;
  let lastSql: Uint8Array | undefined;
  target.execProtocolRawSync = function timed(this: unknown, message: Uint8Array, ...rest: unknown[]) {
    const type = message[0];
    if (type === 0x50 || type === 0x51) lastSql = message;
    const started = performance.now();
    try {
      return original.call(this, message, ...rest);
    } finally {
      timing.record(performance.now() - started, () => sqlOfMessage(lastSql));
    }
  };
}

/**
 * Times every `query` of the connections a pg pool opens, from the call to its answer (the pool's own
 * `query` runs on one of them, so waiting for a free connection is not counted).
 */
export function timePool(
  pool: { on(event: 'connect', listener: (client: object) => void): unknown },
  timing: StatementTiming,
) {
  pool.on('connect', (client) => {
    const target = client as { query: (...args: unknown[]) => unknown };
    const original = target.query;
    target.query = function timed(this: unknown, ...args: unknown[]) {
      const started = performance.now();
      const first = args[0];
      const text = () => (typeof first === 'string' ? first : String((first as { text?: string })?.text ?? ''));
      const done = () => timing.record(performance.now() - started, text);
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (...results: unknown[]) => {
          done();
          return (callback as (...r: unknown[]) => unknown)(...results);
        };
        return original.apply(this, args);
      }
      const result = original.apply(this, args);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        (result as Promise<unknown>).then(done, done);
      }
      return result;
    };
  });
}
