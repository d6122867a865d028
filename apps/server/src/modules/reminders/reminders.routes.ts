import {
  dataOf,
  msgSchema,
  reminderPreferencesBodySchema,
  reminderPreferencesSchema,
  validationErrorSchema,
} from '@frontage/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { authOf } from '../../plugins/session';
import * as reminders from './reminders.service';

const tags = ['settings'];
const response = { 200: dataOf(reminderPreferencesSchema), 401: msgSchema, 422: validationErrorSchema };

/** The unsubscribe token as the e-mails carry it (24 random bytes, base64url). */
const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32}$/) });

const UNSUBSCRIBED_TITLE = 'Reminder e-mails turned off';
const UNSUBSCRIBED_MESSAGE =
  'You will get no more lease event reminder e-mails. Reminders still show in the app, and you can turn e-mails back on in your profile.';

const page = (title: string, body: string, publicUrl: string): string =>
  `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${title}</title>` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
  `<body style="font-family: sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">` +
  `<h1>${title}</h1><p>${body}</p><p><a href="${publicUrl}/profile">Open your profile</a></p></body></html>`;

export const remindersRoutes = (root: FastifyInstance, deps: ServiceDeps): void => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get('/api/settings/reminders', {
    preParsing: [app.requireSession],
    schema: { tags, summary: 'My lease-event reminder preferences', response },
    handler: async (req) => {
      // Always the signed-in user's own: the route takes no user id, so there is nobody else's to reach.
      return { data: await reminders.getPreferences(deps, authOf(req).user.id) };
    },
  });
  app.put('/api/settings/reminders', {
    preParsing: [app.requireSession],
    schema: {
      tags,
      summary: 'Save my lease-event reminder preferences',
      body: reminderPreferencesBodySchema,
      response,
    },
    handler: async (req) => {
      return { data: await reminders.putPreferences(deps, authOf(req).user.id, req.body) };
    },
  });
  // The link in every reminder e-mail: no session (it is opened from a mail client); the token
  // can only turn its owner's reminder e-mails off, which the profile undoes.
  app.get('/api/reminders/unsubscribe/:token', {
    schema: {
      tags,
      summary: 'Stop reminder e-mails (the link in each e-mail)',
      params: tokenParams,
      response: { 200: msgSchema, 404: msgSchema, 422: validationErrorSchema },
    },
    handler: async (req, reply) => {
      const done = await reminders.unsubscribe(deps, req.params.token);
      const [title, message] = done
        ? [UNSUBSCRIBED_TITLE, UNSUBSCRIBED_MESSAGE]
        : ['Link not recognised', 'This unsubscribe link is not valid any more.'];
      reply.code(done ? 200 : 404);
      // A browser opening the e-mail's link gets a page; an API client the usual JSON message.
      if (!String(req.headers.accept ?? '').includes('text/html')) return reply.send({ msg: message });
      return reply
        .type('text/html; charset=utf-8')
        .send(page(title, message, deps.config.publicUrl) as never);
    },
  });
};
