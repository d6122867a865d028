import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenList,
  type ApiTokenScope,
  type IntegrationAccount,
  type IntegrationAccountCreate,
  type apiTokenCreateBodySchema,
} from '@frontage/shared';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { NotFoundError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { createIntegrationAccount } from '../auth/account.service';
import { hintOf, isWellFormedApiToken, newApiToken } from './api-token-format';
import {
  assertMayCreateFor,
  assertMayCreateIntegrationAccount,
  assertMayRevoke,
  assertScopesFor,
} from './api-tokens.policy';
import * as repo from './api-tokens.repository';
import type { ApiTokenRow, ListedToken, TokenUserRow } from './api-tokens.repository';

export type ApiTokenCreate = z.output<typeof apiTokenCreateBodySchema>;

/** A use is written to the token's row at most this often (not on every request). */
export const API_TOKEN_TOUCH_MS = 60_000;
const DAY_MS = 86_400_000;

const present = (t: ListedToken): ApiToken => ({
  id: t.id,
  name: t.name,
  scopes: t.scopes as ApiTokenScope[],
  hint: t.hint,
  owner: { id: t.user_id, name: t.owner_name, is_integration: t.owner_is_integration },
  created_at: t.created_at.toISOString(),
  expires_at: t.expires_at.toISOString(),
  last_used_at: t.last_used_at?.toISOString() ?? null,
  last_used_ip: t.last_used_ip,
});

/** Creates a token; the answer is the only place its text ever appears. */
export const createToken = async (
  deps: ServiceDeps,
  actor: TokenUserRow,
  body: ApiTokenCreate,
): Promise<ApiTokenCreated> => {
  const owner = assertMayCreateFor(
    actor,
    body.owner_id === undefined || body.owner_id === actor.id
      ? actor
      : await repo.findUser(deps.db, body.owner_id),
  );
  assertScopesFor(owner, body.scopes);
  const now = deps.now();
  const token = newApiToken();
  const row = await repo.insert(deps.db, {
    user_id: owner.id,
    name: body.name,
    token_hash: hashToken(token),
    hint: hintOf(token),
    scopes: body.scopes,
    created_by: actor.id,
    created_at: now,
    expires_at: new Date(now.getTime() + body.expires_in_days * DAY_MS),
  });
  return {
    ...present({ ...row, owner_name: owner.name, owner_is_integration: owner.is_integration }),
    token,
  };
};

/** An admin makes an integration account to own an integration's tokens (ADR 0104). */
export const createIntegrationAccountBy = async (
  deps: ServiceDeps,
  actor: TokenUserRow,
  body: IntegrationAccountCreate,
): Promise<IntegrationAccount> => {
  assertMayCreateIntegrationAccount(actor);
  const account = await createIntegrationAccount(deps, body);
  return { id: account.id, name: account.name, admin: account.type === 'admin' };
};

/** My live tokens; an admin's list also holds the integration accounts' (and names the accounts). */
export const listTokens = async (deps: ServiceDeps, actor: TokenUserRow): Promise<ApiTokenList> => {
  const accounts = actor.type === 'admin' ? await repo.integrationAccounts(deps.db) : [];
  const owners = [actor.id, ...accounts.map((a) => a.id).filter((id) => id !== actor.id)];
  return {
    data: (await repo.listOf(deps.db, owners)).map(present),
    meta: { integration_accounts: accounts },
  };
};

export const revokeToken = async (deps: ServiceDeps, actor: TokenUserRow, id: number): Promise<void> => {
  const token = await repo.findLive(deps.db, id);
  if (!token) throw new NotFoundError();
  const owner = token.user_id === actor.id ? actor : await repo.findUser(deps.db, token.user_id);
  if (!owner) throw new NotFoundError();
  assertMayRevoke(actor, owner);
  if (!(await repo.revoke(deps.db, id, deps.now()))) throw new NotFoundError();
};

export interface TokenActor {
  user: TokenUserRow;
  apiToken: ApiTokenRow;
}

/** Whether an Authorization header carries a bearer credential at all (whatever its text). */
export const bearerOf = (header: string | undefined): string | null => {
  const m = /^Bearer[ \t]+(\S*)[ \t]*$/i.exec(header ?? '');
  return m ? m[1]! : null;
};

/**
 * The owner and token a bearer credential stands for, or null (401): wrong prefix, bad shape or
 * checksum (refused before any read), unknown, revoked, expired, or an owner who may no longer
 * sign in (a deactivated person's tokens stop with their password; an integration account has none).
 */
export const authenticateToken = async (deps: ServiceDeps, token: string): Promise<TokenActor | null> => {
  if (!token.startsWith(API_TOKEN_PREFIX) || !isWellFormedApiToken(token)) return null;
  const found = await repo.findByHash(deps.db, hashToken(token));
  if (!found) return null;
  const { token: apiToken, user } = found;
  const now = deps.now();
  if (apiToken.revoked_at || now >= apiToken.expires_at) return null;
  if (!user.password_hash && !user.is_integration) return null;
  return { user, apiToken };
};

/**
 * Records a use of a token its scopes let through (a refused call is no use), with the address:
 * at most once a minute per token, so a busy integration costs no write per request.
 */
export const recordTokenUse = async (deps: ServiceDeps, actor: TokenActor, ip: string): Promise<void> => {
  const { apiToken } = actor;
  const now = deps.now();
  if (apiToken.last_used_at && now.getTime() - apiToken.last_used_at.getTime() < API_TOKEN_TOUCH_MS) return;
  await repo.touch(deps.db, apiToken.id, now, ip, new Date(now.getTime() - API_TOKEN_TOUCH_MS));
  apiToken.last_used_at = now;
  apiToken.last_used_ip = ip;
};
