// newId without zod, so that the browser player can make ids without bundling zod.

let lastMs = 0;
let counter = 0;
/** Random words drawn 1,024 at a time: one getRandomValues call per 512 ids instead of one per id. */
const pool = new Uint32Array(1024);
let used = pool.length;

function randomWord(): number {
  if (used === pool.length) {
    crypto.getRandomValues(pool);
    used = 0;
  }
  return pool[used++] ?? 0;
}

/**
 * A new 24-hex id: 48 bits of milliseconds, then a 24-bit counter that starts at a random value each
 * millisecond, then 24 random bits. Ids made by one process sort in creation order; ids made by
 * different processes in the same millisecond still differ in their random bits.
 */
export function newId(now: number = Date.now()): string {
  const r0 = randomWord();
  const r1 = randomWord();
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
