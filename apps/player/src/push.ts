import { io } from 'socket.io-client';

/**
 * The "collect now" push: a socket.io connection to the device namespace with the device token. When
 * the schedule of this robot changes the server emits `collect` and the player pulls within seconds.
 * Polling goes on regardless, so a lost socket only delays a change to the next poll.
 */
export function connectPush(token: string, onCollect: () => void): () => void {
  const socket = io('/device', {
    path: '/websocket/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnectionDelay: 2000,
    reconnectionDelayMax: 60_000,
    randomizationFactor: 0.5,
  });
  socket.on('collect', onCollect);
  // Every connection, the first one too: a change made before the socket was up (or while it was away) sent
  // its push to nobody, and the last pull may predate it.
  socket.on('connect', onCollect);
  return () => {
    socket.off('collect', onCollect);
    socket.off('connect', onCollect);
    socket.disconnect();
  };
}
