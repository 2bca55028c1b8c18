import {
  queryMessageQuery,
  queryMessageResponse,
  readMessageBody,
  readMessageResponse,
} from '@robot-ads/contracts/notifications/notifications.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zodRoutes } from '../../platform/zod-routes';
import type { NotificationsService } from './notifications.service';

const tags = ['notifications'];

/** GET /api/Notifies/queryMessage, POST /api/Notifies/readMessage (spec section 7): one's own messages. */
export function notificationsRoutes(notifications: NotificationsService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = zodRoutes(app, tags);
    route.page(
      '/api/Notifies/queryMessage',
      {
        summary: 'Own messages, unread (isRead=false) or read, newest first, paged',
        querystring: queryMessageQuery,
        response: queryMessageResponse,
      },
      async (request) => notifications.list(request.user.id, request.query),
    );
    route.post(
      '/api/Notifies/readMessage',
      { summary: 'Mark one own message read', body: readMessageBody, response: readMessageResponse },
      async (request) => notifications.read(request.user.id, request.body.messageId),
    );
  };
}
