import {
  queryMessageQuery,
  queryMessageResponse,
  readMessageBody,
  readMessageResponse,
} from '@robot-ads/contracts/notifications/notifications.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';

const tags = ['notifications'];

/** GET /api/Notifies/queryMessage, POST /api/Notifies/readMessage (spec section 7): one's own messages. */
export function notificationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/Notifies/queryMessage',
      {
        schema: {
          tags,
          summary: 'Own messages, unread (isRead=false) or read, newest first, paged',
          querystring: queryMessageQuery,
          response: { 200: queryMessageResponse },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await ctx.notifications.list(request.user.id, request.query)),
      }),
    );
    app.post(
      '/api/Notifies/readMessage',
      {
        schema: {
          tags,
          summary: 'Mark one own message read',
          body: readMessageBody,
          response: { 200: readMessageResponse },
        },
      },
      async (request) => ({
        success: true as const,
        data: await ctx.notifications.read(request.user.id, request.body.messageId),
      }),
    );
  };
}
