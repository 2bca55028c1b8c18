/** Figures shared by every robot of a fleet. */
export function newFleetStats() {
  return {
    activated: 0,
    heartbeats: 0,
    pulls: 0,
    full: 0,
    notModified: 0,
    downloads: 0,
    downloadedBytes: 0,
    acks: 0,
    pushes: 0,
    plays: 0,
    /** Scans counted: the server answered the tracking code with its redirect, or the robot reported one. */
    scans: 0,
    /** What the plays reported: people in view, people who looked, ms on screen. */
    exposure: 0,
    viewers: 0,
    watchMs: 0,
    /** Scans the tracking address refused for its rate limit (one address, a large fleet). */
    scansLimited: 0,
    photos: 0,
    eventsSent: 0,
    errors: 0,
    latencies: [] as number[],
  };
}
export type FleetStats = ReturnType<typeof newFleetStats>;
