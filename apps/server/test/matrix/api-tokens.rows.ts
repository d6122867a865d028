import { apiTokens } from '../../src/db/schema';
import { newApiToken, hintOf } from '../../src/modules/api-tokens/api-token-format';
import { hashToken } from '../../src/lib/tokens';
import { testDb } from '../helpers';
import type { MatrixCases, MatrixRows, World } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});

/** A live token of each signed-in actor (each revokes its own). */
const tokensOfEach = async (w: World) => {
  const db = await testDb();
  const rows = await db
    .insert(apiTokens)
    .values(
      [w.admin, w.sameUser, w.otherUser].map((u) => {
        const token = newApiToken();
        return {
          user_id: u.id,
          name: `Token of ${u.name}`,
          token_hash: hashToken(token),
          hint: hintOf(token),
          scopes: ['deals:read'],
          expires_at: new Date(Date.now() + 86_400_000),
        };
      }),
    )
    .returning({ id: apiTokens.id });
  const [admin, same, other] = rows.map((r) => r.id) as [number, number, number];
  return { admin, same_company: same, other_company: other, anonymous: same };
};

export const rows: MatrixRows = {
  'GET /api/tokens': { url: () => '/api/tokens', expect: signedIn(200) },
  'POST /api/tokens': {
    url: () => '/api/tokens',
    body: { name: 'Accounts', scopes: ['deals:read', 'properties:write'], expires_in_days: 30 },
    expect: signedIn(201),
  },
  // Integration accounts are made by admins (ADR 0104).
  'POST /api/integration-accounts': {
    url: () => '/api/integration-accounts',
    body: { name: 'Accounts sync' },
    expect: { anonymous: 401, admin: 201, same_company: 403, other_company: 403 },
  },
  'DELETE /api/tokens/{id}': {
    setup: tokensOfEach,
    url: (_w, made) => `/api/tokens/${made.actor}`,
    expect: signedIn(200),
  },
};

export const cases: MatrixCases = {
  // Another person's token is not found (its existence is not theirs to learn), admins included.
  "DELETE /api/tokens/{id} — another person's token": {
    setup: async (w) => ({ token: (await tokensOfEach(w)).same_company }),
    url: (_w, made) => `/api/tokens/${made.token}`,
    expect: { anonymous: 401, admin: 404, same_company: 200, other_company: 404 },
  },
  // Only an admin's token may carry the admin scope.
  'POST /api/tokens — the admin scope': {
    url: () => '/api/tokens',
    body: { name: 'Desk', scopes: ['admin'] },
    expect: { anonymous: 401, admin: 201, same_company: 422, other_company: 422 },
  },
};
