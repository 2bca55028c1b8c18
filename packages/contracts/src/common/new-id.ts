// newId without zod, so that the browser player can make ids without bundling zod.

let lastMs = 0;
let counter = 0;

/**
 * A new 24-hex id: 48 bits of milliseconds, then a 24-bit counter that starts at a random value each
 * millisecond, then 24 random bits. Ids made by one process sort in creation order; ids made by
 * different processes in the same millisecond still differ in their random bits.
 */
export function newId(now: number = Date.now()): string {
  const random = new Uint32Array(2);
  crypto.getRandomValues(random);
  const r0 = random[0] ?? 0;
  const r1 = random[1] ?? 0;
  if (now > lastMs) {
    lastMs = now;
    counter = r0 & 0x7fffff;
  } else {
    counter = (counter + 1) & 0xffffff;
    if (counter === 0) lastMs += 1;
  }
  return (
    lastMs.toString(16).padStart(12, '0').slice(-12) +
    counter.toString(16).padStart(6, '0') +
    (r1 & 0xffffff).toString(16).padStart(6, '0')
  );
}
