import type { NotificationName } from '@robot-ads/contracts/notifications/notifications.schemas';
import type { PlaylistsContext } from './playlists.context';

/**
 * The live notifications plans, applications and publishing send (spec section 3: playlist.audit.result
 * and playlist.pulled.ratio), through the notifications service (stored, then emitted over socket.io).
 * Called after the deciding transaction committed: a notification that cannot be delivered is logged
 * and never undoes the decision that caused it.
 */
export async function notifyUser(
  ctx: PlaylistsContext,
  userId: string,
  name: NotificationName,
  data: Record<string, unknown>,
) {
  try {
    await ctx.notifications.notify(userId, name, data);
  } catch (err) {
    ctx.log.error({ err, userId, name }, 'notification failed');
  }
}
