import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { testDb } from '../helpers';
import type { MatrixRows } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});

const TOKEN = 'matrixUnsubscribeToken0123456789';

export const rows: MatrixRows = {
  'GET /api/settings/reminders': { url: () => '/api/settings/reminders', expect: signedIn(200) },
  'PUT /api/settings/reminders': {
    url: () => '/api/settings/reminders',
    body: { scopes: ['mine'], hard: true, soft: false, hard_offsets: [30, 7], soft_offsets: [], email: true },
    expect: signedIn(200),
  },
  // The e-mails' link: no session needed, the token is the credential (it only turns e-mail off).
  'GET /api/reminders/unsubscribe/{token}': {
    setup: async (w) => {
      await queryRows(
        await testDb(),
        sql`insert into reminder_preferences (user_id, scopes, hard, soft, hard_offsets, soft_offsets, email, unsubscribe_token)
            values (${w.sameUser.id}, '{mine}', true, true, '{30}', '{90}', true, ${TOKEN})`,
      );
      return { token: TOKEN };
    },
    url: (_w, made) => `/api/reminders/unsubscribe/${made.token}`,
    expect: { anonymous: 200, admin: 200, same_company: 200, other_company: 200 },
  },
};
