/**
 * Polls `what` until it answers something other than undefined and returns that; fails naming `label` when
 * `ms` pass first. For work the server does in the background (deliveries, outbox relays).
 */
export async function until<T>(
  what: () => Promise<T | undefined>,
  label: string,
  ms = 60_000,
  every = 200,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited too long for ${label}`);
    await new Promise((r) => setTimeout(r, every));
  }
}
