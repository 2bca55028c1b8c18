/** What the watchdog knows about the database: did it answer lately? */
export interface WatchdogState {
  /** `unresponsive`: no answer to a ping for longer than the window. */
  database: 'ok' | 'unresponsive';
  /** Seconds since the database last answered a ping (0 right after start). */
  lastAnswerSeconds: number;
  /** The last ping failed outright (an error, not a wait): the database is down rather than busy. */
  lastPingFailed: boolean;
}

/**
 * Pings the database in the background and remembers when it last answered, so that /api/health can
 * say the database is stuck without waiting on it (a health probe that hangs tells a load balancer
 * nothing). One ping at a time: a ping that is not answered is not stacked upon; it counts as failed
 * after its own time-out, and its late answer still counts as an answer. The interval is unref'd and
 * stopped on close.
 */
export class DbWatchdog {
  private lastAnswerAt = Date.now();
  private lastPingFailed = false;
  private inFlight = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly intervalMs: number;

  constructor(
    private readonly ping: () => Promise<void>,
    private readonly windowMs: number,
  ) {
    this.intervalMs = Math.min(5_000, Math.max(200, Math.floor(windowMs / 5)));
  }

  start() {
    if (this.timer) return;
    this.lastAnswerAt = Date.now();
    this.tick();
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  state(): WatchdogState {
    const silentMs = Date.now() - this.lastAnswerAt;
    return {
      database: silentMs > this.windowMs ? 'unresponsive' : 'ok',
      lastAnswerSeconds: Math.floor(silentMs / 1000),
      lastPingFailed: this.lastPingFailed,
    };
  }

  private tick() {
    if (this.inFlight) return;
    this.inFlight = true;
    const timeout = setTimeout(() => {
      this.lastPingFailed = true;
    }, this.windowMs);
    timeout.unref();
    this.ping()
      .then(
        () => {
          this.lastAnswerAt = Date.now();
          this.lastPingFailed = false;
        },
        () => {
          this.lastPingFailed = true;
        },
      )
      .finally(() => {
        clearTimeout(timeout);
        this.inFlight = false;
      });
  }
}
