import { heartbeat } from './api';

/** What the heartbeat loop needs from the player around it. */
export interface HeartbeatHost {
  token: string;
  /** The interval the player activated with, seconds (the server's answers replace it). */
  interval: number;
  appVersion: string;
  stopped(): boolean;
  /** Whether an ad is on screen now. */
  playing(): boolean;
  /** The server answered: the player is online. */
  onAnswer(): void;
  onError(error: unknown): void;
}

/** Heartbeats until the player stops: status, version and free storage, at the server's interval. */
export async function heartbeatLoop(host: HeartbeatHost) {
  let interval = host.interval || 30;
  while (!host.stopped()) {
    try {
      const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
      const free =
        estimate?.quota !== undefined && estimate.usage !== undefined
          ? Math.max(0, Math.floor(estimate.quota - estimate.usage))
          : undefined;
      const r = await heartbeat(host.token, {
        status: host.playing() ? 'playing' : 'idle',
        appVersion: host.appVersion,
        ...(free !== undefined ? { freeStorage: free } : {}),
      });
      interval = r.heartbeatInterval || interval;
      host.onAnswer();
    } catch (error) {
      host.onError(error);
    }
    await new Promise((resolve) => setTimeout(resolve, interval * 1000 * (0.9 + Math.random() * 0.2)));
  }
}
