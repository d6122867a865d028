import {
  API_MESSAGES,
  actionSchema,
  dataOf,
  msgSchema,
  notificationSchema,
  pageOf,
  pageQuerySchema,
  unreadCountSchema,
  validationErrorSchema,
  idParamsSchema,
} from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { authOf } from '../../plugins/session';
import * as notifications from './notifications.service';
import { notificationsStream } from './notifications.stream';

const tags = ['notifications'];

export const notificationsRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const preParsing = [app.requireSession];
  notificationsStream(root, deps);

  app.get('/api/notifications', {
    preParsing,
    schema: {
      tags,
      summary: "The signed-in user's notifications, newest first",
      querystring: pageQuerySchema,
      response: { 200: pageOf(notificationSchema), 401: msgSchema, 422: validationErrorSchema },
    },
    handler: (req) => notifications.list(deps, authOf(req).user.id, req.query.page, req.query.per_page),
  });

  app.get('/api/notifications/unread-count', {
    preParsing,
    schema: {
      tags,
      summary: 'How many notifications are unread',
      response: { 200: unreadCountSchema, 401: msgSchema },
    },
    handler: async (req) => ({ unread_count: await notifications.unreadCount(deps, authOf(req).user.id) }),
  });

  app.put('/api/notifications/read-all', {
    preParsing,
    schema: {
      tags,
      summary: 'Mark every notification read',
      response: { 200: actionSchema(z.object({ updated: z.number().int() })), 401: msgSchema },
    },
    handler: async (req) => ({
      status: 'success' as const,
      msg: API_MESSAGES.allNotificationsRead,
      data: { updated: await notifications.markAllRead(deps, authOf(req).user.id) },
    }),
  });

  app.put('/api/notifications/:id/read', {
    preParsing,
    schema: {
      tags,
      summary: 'Mark one notification read',
      params: idParamsSchema,
      response: {
        200: dataOf(notificationSchema),
        401: msgSchema,
        404: msgSchema,
        422: validationErrorSchema,
      },
    },
    handler: async (req) => ({
      data: await notifications.markRead(deps, authOf(req).user.id, req.params.id),
    }),
  });
};
