import type { Db } from '../../db/client';
import { liveDeviceTokens } from './devices.queries';

export interface DeviceIdentity {
  /** robots.id */
  robotRef: string;
  robotId: string;
}

type TokenLoader = (hashes: string[]) => Promise<Array<DeviceIdentity & { hash: string }>>;

/**
 * Device tokens already checked, by their SHA-256, so that a beat or a poll answered 304 touches no
 * database (a token never changes its robot; a revoked one is evicted at once on the instance that
 * revokes it and, through the schedule change feed (and Redis), on every other within seconds).
 * Tokens not yet known are looked up together: the lookups of the same few milliseconds are one query
 * (a fleet reconnecting after a restart). Bounded: the oldest entries go first.
 */
export class DeviceTokenCache {
  private readonly entries = new Map<string, DeviceIdentity>();
  private pending = new Map<
    string,
    Array<{ resolve: (d: DeviceIdentity | null) => void; reject: (e: unknown) => void }>
  >();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly maxEntries = 1_000_000,
    private readonly load: TokenLoader = async () => [],
  ) {}

  get(hash: string) {
    return this.entries.get(hash);
  }

  set(hash: string, device: DeviceIdentity) {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(hash, { robotRef: device.robotRef, robotId: device.robotId });
  }

  evict(hashes: Iterable<string>) {
    for (const h of hashes) this.entries.delete(h);
  }

  /** The robot of a live token: from memory, else from the database (with the other lookups of the moment). */
  resolve(hash: string): Promise<DeviceIdentity | null> {
    const known = this.entries.get(hash);
    if (known) return Promise.resolve(known);
    return new Promise((resolve, reject) => {
      const waiting = this.pending.get(hash);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(hash, [{ resolve, reject }]);
      if (this.pending.size >= 500) this.loadPending();
      else if (!this.timer) this.timer = setTimeout(() => this.loadPending(), 2);
    });
  }

  private loadPending() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = new Map();
    this.load([...batch.keys()])
      .then((rows) => {
        const found = new Map(rows.map((r) => [r.hash, { robotRef: r.robotRef, robotId: r.robotId }]));
        for (const [hash, waiting] of batch) {
          const device = found.get(hash) ?? null;
          if (device) this.set(hash, device);
          for (const w of waiting) w.resolve(device);
        }
      })
      .catch((err) => {
        for (const waiting of batch.values()) for (const w of waiting) w.reject(err);
      });
  }
}

/** Live (unrevoked) device tokens among these hashes, with their robots: one query. */
export function loadDeviceTokens(db: Db): TokenLoader {
  return async (hashes) => liveDeviceTokens(db, hashes);
}
