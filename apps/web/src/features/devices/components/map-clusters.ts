import type { DeviceState } from '@robot-ads/contracts/devices/devices.rules';

/** What clustering needs of a device on the map. */
export interface ClusterInput {
  lng: number;
  lat: number;
  state: DeviceState;
}

/** Devices close together at the current zoom, drawn as one dot with their count. */
export interface Cluster<P extends ClusterInput> {
  /** The mean position of its devices. */
  lng: number;
  lat: number;
  count: number;
  byState: Partial<Record<DeviceState, number>>;
  /** The state most of its devices are in (its colour); ties go to the state drawn on top. */
  state: DeviceState;
  /** Its devices (the tooltip names a lone one). */
  points: P[];
}

/** Degrees of longitude and latitude one cluster covers at zoom 1, per map. */
export const CLUSTER_CELL: Record<'world' | 'china' | 'province' | 'city', number> = {
  world: 8,
  china: 1.5,
  province: 0.25,
  city: 0.02,
};

/** States in drawing order: the later wins a tie, so connected robots show first. */
const PRIORITY: DeviceState[] = ['activated', 'notActivated', 'expired', 'unused', 'offline', 'online'];

/**
 * Groups devices into square cells of `cell / zoom` degrees: each device is in exactly one cluster, so
 * the counts on the map add up to the devices shown. Zooming in (a larger zoom) splits the clusters.
 */
export function clusterPoints<P extends ClusterInput>(points: readonly P[], cell: number, zoom = 1): Cluster<P>[] {
  const size = cell / Math.max(zoom, 0.01);
  const cells = new Map<string, P[]>();
  for (const p of points) {
    if (!Number.isFinite(p.lng) || !Number.isFinite(p.lat)) continue;
    const key = `${Math.floor(p.lng / size)}:${Math.floor(p.lat / size)}`;
    const list = cells.get(key);
    if (list) list.push(p);
    else cells.set(key, [p]);
  }
  return [...cells.values()].map((list) => {
    const byState: Partial<Record<DeviceState, number>> = {};
    for (const p of list) byState[p.state] = (byState[p.state] ?? 0) + 1;
    const state = PRIORITY.reduce<DeviceState>(
      (best, s) => ((byState[s] ?? 0) >= (byState[best] ?? 0) && (byState[s] ?? 0) > 0 ? s : best),
      list[0]?.state ?? 'online',
    );
    return {
      lng: list.reduce((a, p) => a + p.lng, 0) / list.length,
      lat: list.reduce((a, p) => a + p.lat, 0) / list.length,
      count: list.length,
      byState,
      state,
      points: list,
    };
  });
}

/** A dot's size in pixels: a lone device is small, a cluster grows with the logarithm of its count. */
export function clusterSize(count: number): number {
  return count <= 1 ? 8 : Math.min(48, 18 + Math.log10(count) * 12);
}
