import { calendarFeeds } from '../../src/db/schema';
import { hashToken } from '../../src/lib/tokens';
import { testDb } from '../helpers';
import type { MatrixRows, World } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});

/** A feed of the same-company user: its URL works for whoever holds it, session or not. */
const TOKEN = `frf_${'M'.repeat(43)}`;
const feed = async (w: World) => {
  const db = await testDb();
  await db.insert(calendarFeeds).values({ user_id: w.sameUser.id, token_hash: hashToken(TOKEN) });
  return { token: TOKEN };
};

export const rows: MatrixRows = {
  'GET /api/settings/calendar-feed': {
    setup: feed,
    url: () => '/api/settings/calendar-feed',
    expect: signedIn(200),
  },
  'POST /api/settings/calendar-feed': { url: () => '/api/settings/calendar-feed', expect: signedIn(200) },
  'DELETE /api/settings/calendar-feed': {
    setup: feed,
    url: () => '/api/settings/calendar-feed',
    expect: signedIn(200),
  },
  'GET /api/calendar/{token}.ics': {
    setup: feed,
    url: (_w, made) => `/api/calendar/${made.token}.ics`,
    expect: { anonymous: 200, admin: 200, same_company: 200, other_company: 200 },
  },
};
