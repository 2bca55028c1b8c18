import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The transaction a piece of code runs in, carried by AsyncLocalStorage: every query made on the
 * app's database handle while a transaction of the same async flow is open goes through that
 * transaction, whoever makes it (a service, a helper, another module's service). The embedded
 * database has one connection: a query on the outer handle there would wait for the transaction,
 * which waits for the query, and the whole server would stop answering.
 */
interface TransactionFrame<T> {
  tx: T;
  open: boolean;
  /** Run once the outermost transaction of this flow has committed (shared by its savepoints). */
  afterCommit: Array<() => void>;
}

const frames = new AsyncLocalStorage<TransactionFrame<unknown>>();

/** The open transaction of the current async flow, if any. */
export function currentTransaction<T>(): T | undefined {
  const frame = frames.getStore();
  return frame?.open ? (frame.tx as T) : undefined;
}

/**
 * Runs `callback` once the transaction of the current async flow has committed (at once when there is
 * none); never when it rolls back. A savepoint rolled back inside a committed transaction does not
 * cancel it, so use it for hints (wake a worker), never for effects that must match the data.
 */
export function afterCommit(callback: () => void): void {
  const frame = frames.getStore();
  if (frame?.open) frame.afterCommit.push(callback);
  else callback();
}

/** Raised at once (instead of a deadlock) when code queries the raw connection inside a transaction. */
export class OuterHandleInTransactionError extends Error {
  constructor(method: string) {
    super(
      `database.${method}() was called on the outer connection while a transaction of the same request is open; ` +
        'inside a transaction every query must go through it (use ctx.db, which resolves to the open transaction)',
    );
    this.name = 'OuterHandleInTransactionError';
  }
}

interface Transactional<T> {
  transaction<R>(fn: (tx: T) => Promise<R>, config?: unknown): Promise<R>;
}

/**
 * Wraps a Drizzle database so that it resolves to the open transaction of the current async flow,
 * and so that `transaction()` inside a transaction opens a savepoint of it rather than a second
 * transaction on the outer handle.
 */
export function transactionAware<D extends Transactional<T>, T extends Transactional<T>>(base: D): D {
  const transaction = async <R>(fn: (tx: T) => Promise<R>, config?: unknown): Promise<R> => {
    const outerFrame = frames.getStore();
    const outer = outerFrame?.open ? (outerFrame.tx as T) : undefined;
    const afterCommit = outer && outerFrame ? outerFrame.afterCommit : [];
    const run = async (tx: T) => {
      const frame: TransactionFrame<unknown> = { tx, open: true, afterCommit };
      try {
        return await frames.run(frame, () => fn(tx));
      } finally {
        frame.open = false;
      }
    };
    if (outer) return outer.transaction(run);
    const result = await base.transaction(run, config);
    for (const callback of afterCommit) {
      try {
        callback();
      } catch {
        // A hint that failed: the committed work stands.
      }
    }
    return result;
  };
  return new Proxy(base, {
    get(target, prop) {
      if (prop === 'transaction') return transaction;
      const handle = (currentTransaction<object>() ?? target) as Record<PropertyKey, unknown>;
      const value = Reflect.get(handle, prop, handle);
      return typeof value === 'function' ? value.bind(handle) : value;
    },
  });
}

/**
 * Makes the named methods of a raw client (the PGlite instance, the pg pool) fail at once when they
 * are called inside an open transaction: such a call bypasses the transaction (a deadlock on PGlite,
 * a silent read outside the transaction on PostgreSQL).
 */
export function guardOuterHandle<C extends object>(client: C, methods: readonly (keyof C & string)[]): C {
  for (const method of methods) {
    const original = client[method];
    if (typeof original !== 'function') continue;
    const bound = (original as (...args: unknown[]) => unknown).bind(client);
    Object.defineProperty(client, method, {
      configurable: true,
      writable: true,
      value: (...args: unknown[]) => {
        if (currentTransaction()) return Promise.reject(new OuterHandleInTransactionError(method));
        return bound(...args);
      },
    });
  }
  return client;
}
