import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Clock } from './clock';
import { closeRedis, watchRedis } from './redis-connections';
import type { SessionUser } from './session-user';
import type { AccessClaims, TokenService } from './tokens';

export const SOCKET_PATH = '/websocket/socket.io';
/** Spec section 7: the content of the `error` event when the token is expired or invalid. */
export const SOCKET_RETRY_CONTENT = 'Please retry later';

export const userRoom = (userId: string) => `user:${userId}`;

declare module 'socket.io' {
  interface SocketData {
    user?: SessionUser;
  }
}

/**
 * socket.io on the app's HTTP server at /websocket/socket.io. Browsers connect with the access token
 * as query (`?token=` or `?access_token=`); each user joins a room of their own. With REDIS_URL the
 * Redis adapter shares emits between every server instance. `io` is exposed so that the devices
 * module can open its own namespace.
 */
export class Realtime {
  readonly io: Server;
  private redis: Redis[] = [];
  private adapterReady: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    httpServer: HttpServer,
    private readonly deps: {
      tokens: TokenService;
      clock: Clock;
      resolve: (claims: AccessClaims) => Promise<SessionUser | null>;
      log: FastifyBaseLogger;
      redisUrl?: string;
    },
  ) {
    this.io = new Server(httpServer, { path: SOCKET_PATH, serveClient: false, cors: { origin: false } });
    if (deps.redisUrl) this.adapterReady = this.useRedis(deps.redisUrl);
    this.io.on('connection', (socket) => {
      void this.admit(socket);
    });
  }

  /**
   * Connects the Redis clients, then switches to the Redis adapter. The subscriber must be connected
   * before the adapter subscribes (ioredis refuses its ready check in subscriber mode otherwise).
   * Until then emits stay on this instance; the clients reconnect by themselves after an outage.
   */
  private async useRedis(url: string): Promise<void> {
    const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    this.redis = [pub, sub];
    for (const client of this.redis) watchRedis(client, this.deps.log, 'socket.io adapter');
    const connected = (c: Redis) =>
      new Promise<void>((resolve) => {
        c.once('ready', () => resolve());
        c.connect().catch(() => undefined);
      });
    await Promise.all([connected(pub), connected(sub)]);
    if (this.closed) return;
    this.switchAdapter(createAdapter(pub, sub));
    this.deps.log.info('socket.io uses the Redis adapter');
  }

  /**
   * Switches every namespace to another adapter, keeping the rooms of the sockets already connected:
   * socket.io gives each namespace a new, empty adapter, so a robot or a browser that connected while
   * Redis was down (before the switch) would be in no room and never get a push again.
   */
  private switchAdapter(adapter: Parameters<Server['adapter']>[0]) {
    const namespaces = [...this.io._nsps.values()];
    const rooms = namespaces.map((nsp) => new Map([...nsp.adapter.sids].map(([id, set]) => [id, new Set(set)])));
    this.io.adapter(adapter);
    namespaces.forEach((nsp, i) => {
      for (const [id, joined] of rooms[i] ?? []) if (nsp.sockets.has(id)) nsp.adapter.addAll(id, joined);
    });
  }

  /** Resolves once the Redis adapter is in use (at once without REDIS_URL). */
  ready(): Promise<void> {
    return this.adapterReady;
  }

  private async admit(socket: Socket) {
    const query = socket.handshake.query;
    const auth = socket.handshake.auth as Record<string, unknown> | undefined;
    const raw = query.token ?? query.access_token ?? auth?.token;
    const token = typeof raw === 'string' ? raw.replace(/^Bearer\s+/i, '') : '';
    let user: SessionUser | null = null;
    if (token) {
      const verified = await this.deps.tokens.verify(token, this.deps.clock.now()).catch(() => null);
      if (verified?.ok) user = await this.deps.resolve(verified.claims).catch(() => null);
    }
    if (!user) {
      socket.emit('error', { content: SOCKET_RETRY_CONTENT });
      socket.disconnect(true);
      return;
    }
    socket.data.user = user;
    await socket.join(userRoom(user.id));
    socket.emit('ready', { userId: user.id });
  }

  /** Emits an event to every connection of a user, on every instance. */
  emitToUser(userId: string, event: string, data: unknown) {
    this.io.to(userRoom(userId)).emit(event, data);
  }

  /**
   * Closes every client connection, of every namespace, but not the HTTP server: the first step of a
   * graceful shutdown (clients reconnect elsewhere while the requests in flight finish).
   */
  disconnectAll() {
    this.io.disconnectSockets(true);
    this.io.engine?.close();
  }

  async close() {
    this.closed = true;
    await new Promise<void>((resolve) => {
      this.io.close(() => resolve());
    }).catch(() => undefined);
    await Promise.all(this.redis.map((c) => closeRedis(c)));
  }
}
