/**
 * Resolves at the event loop's next turn, after the I/O that came meanwhile. The embedded database runs
 * on this thread and its answers arrive without leaving the loop, so work of many statements (the start's
 * day partitions and job queues) awaits this between them: the requests that came meanwhile go first.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
