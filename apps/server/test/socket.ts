import { io as connect, type Socket } from 'socket.io-client';

export type LiveMessage = { name: string; data: Record<string, unknown> };

/**
 * Connects to the live socket as the token's user and keeps its `message`s: `ready` resolves once the
 * server accepted it, `waitFor` with the first message (received before or after) that matches.
 * The socket is pushed on `sockets` for the test file to close.
 */
export function listenMessages(base: string, token: string, sockets: Socket[]) {
  const socket = connect(base, {
    path: '/websocket/socket.io',
    query: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  const received: LiveMessage[] = [];
  socket.on('message', (m) => received.push(m));
  const ready = new Promise<void>((resolve) => socket.once('ready', () => resolve()));
  const waitFor = (pred: (m: LiveMessage) => boolean) =>
    new Promise<LiveMessage>((resolve) => {
      const hit = received.find(pred);
      if (hit) return resolve(hit);
      const on = (m: LiveMessage) => {
        if (pred(m)) {
          socket.off('message', on);
          resolve(m);
        }
      };
      socket.on('message', on);
    });
  return { ready, waitFor };
}
