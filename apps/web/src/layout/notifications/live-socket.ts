import { NOTIFICATION_NAMES, SOCKET_EVENTS } from '@robot-ads/contracts/notifications/notification-names';
import type { NotificationDto } from '@robot-ads/contracts/notifications/notifications.schemas';
import { io, type Socket } from 'socket.io-client';
import { sessionStore } from '../../lib/session';

/** Spec section 7: the socket path, the token as query; `error` with this content means the session is gone. */
export const SOCKET_PATH = '/websocket/socket.io';
export const SOCKET_RETRY_CONTENT = 'Please retry later';

export interface LiveHandlers {
  onMessage(message: NotificationDto): void;
  onRead(): void;
  onExpired(): void;
  onUnknown(): void;
  /** The server admitted the connection (it has joined the user's room). */
  onReady?(): void;
}

/** One live connection for the logged-in user; reconnects with the new token after a refresh. */
export function connectLive(handlers: LiveHandlers, origin?: string): () => void {
  let socket: Socket | null = null;
  let token = sessionStore.get().token;

  const open = () => {
    if (!token) return;
    const options = { path: SOCKET_PATH, query: { token }, transports: ['websocket', 'polling'] };
    socket = origin ? io(origin, options) : io(options);
    socket.on('ready', () => handlers.onReady?.());
    socket.on(SOCKET_EVENTS.message, (payload: NotificationDto) => {
      if (payload && (NOTIFICATION_NAMES as readonly string[]).includes(payload.name)) handlers.onMessage(payload);
      else handlers.onUnknown();
    });
    socket.on(SOCKET_EVENTS.readMessage, () => handlers.onRead());
    socket.on(SOCKET_EVENTS.error, (payload: { content?: string } | undefined) => {
      if (payload?.content === SOCKET_RETRY_CONTENT) {
        close();
        handlers.onExpired();
      }
    });
  };
  const close = () => {
    socket?.removeAllListeners();
    socket?.disconnect();
    socket = null;
  };

  const unsubscribe = sessionStore.subscribe(() => {
    const next = sessionStore.get().token;
    if (next === token) return;
    token = next;
    close();
    open();
  });
  open();
  return () => {
    unsubscribe();
    close();
  };
}
