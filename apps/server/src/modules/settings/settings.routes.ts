import {
  dataOf,
  hideVideoBodySchema,
  msgSchema,
  themeBodySchema,
  userSettingsSchema,
  validationErrorSchema,
} from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps';
import { authOf } from '../../plugins/session';
import * as settings from './settings.service';

const tags = ['settings'];
const response = { 200: dataOf(userSettingsSchema), 401: msgSchema, 422: validationErrorSchema };

export const settingsRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.put('/api/settings/theme', {
    preParsing: [app.requireSession],
    schema: { tags, summary: 'Choose the light or dark theme', body: themeBodySchema, response },
    handler: async (req) => ({ data: await settings.setTheme(deps, authOf(req).user.id, req.body.theme) }),
  });
  app.put('/api/settings/hide-video', {
    preParsing: [app.requireSession],
    schema: { tags, summary: 'Never offer this video again', body: hideVideoBodySchema, response },
    handler: async (req) => ({
      data: await settings.hideVideo(deps, authOf(req).user.id, req.body.video_id),
    }),
  });
};
