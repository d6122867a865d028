import {
  API_MESSAGES,
  type PasswordChangeBody,
  type User,
  type profileUpdateBodySchema,
} from '@frontage/shared';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { addMinutes } from '../../lib/dates';
import { BadCredentialsError, UnauthenticatedError, ValidationError } from '../../lib/errors';
import { createDummyVerifier, hashPassword, verifyPassword } from '../../lib/password';
import { hashToken, newRotationKey, newSessionToken, nextSessionToken } from '../../lib/tokens';
import * as repo from './auth.repository';
import type { SessionRow, UserRow } from './auth.repository';
import { presentUser } from './auth.presenter';
import * as throttle from './throttle.service';

export interface Authenticated {
  user: UserRow;
  session: SessionRow;
  /** The cookie's token: the session's, or the one before its last refresh (ADR 0074). */
  token: string;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
  /** The session cookie the sign-in came with, if any: that browser's session ends (ADR 0074). */
  sessionToken?: string | undefined;
}

/**
 * How long the token before a refresh stays valid (ADR 0074): two tabs refreshing at once, and
 * requests already on their way with the old cookie, are not signed out.
 */
export const REFRESH_GRACE_MS = 60_000;

const dummyVerifiers = new Map<number, ReturnType<typeof createDummyVerifier>>();
const dummyVerify = (cost: number, password: string) => {
  let v = dummyVerifiers.get(cost);
  if (!v) {
    v = createDummyVerifier(cost);
    dummyVerifiers.set(cost, v);
  }
  return v(password);
};

/** Loads the user as the API shows it (settings always, company when asked). */
export const loadUserDto = async (deps: ServiceDeps, user: UserRow, withCompany: boolean): Promise<User> => {
  const { settings, company } = await repo.findProfile(
    deps.db,
    user.id,
    withCompany ? user.company_id : null,
  );
  return presentUser(user, settings, withCompany ? company : undefined);
};

/**
 * Admits the attempt past the login throttle (ADR 0035), verifies the password, opens a session.
 * Returns the new token (for the cookie). Unknown e-mails, passwordless contacts and wrong
 * passwords take the same path and the same scrypt work, and answer the same 401.
 */
export const login = async (
  deps: ServiceDeps,
  email: string,
  password: string,
  client: ClientInfo,
): Promise<{ token: string; user: User }> => {
  const { db, config } = deps;
  const attempt = await throttle.admit(deps, email, client.ip);
  const now = attempt.now;

  let user: UserRow | undefined;
  let ok: boolean;
  try {
    user = await repo.findUserByEmail(db, email);
    ok = user?.password_hash
      ? await verifyPassword(password, user.password_hash)
      : await dummyVerify(config.scryptCost, password);
  } catch (err) {
    await throttle.abandoned(deps, attempt).catch(() => undefined);
    throw err;
  }

  if (!ok || !user) {
    await throttle.failed(deps, attempt, user?.password_hash ? user : undefined);
    throw new BadCredentialsError();
  }

  await throttle.succeeded(deps, attempt);
  // Signing in again in the same browser replaces its session: the old one ends now, not at its
  // idle timeout (its cookie is about to be overwritten). Other browsers keep theirs (ADR 0074).
  if (client.sessionToken) await repo.deleteSessionByToken(db, hashToken(client.sessionToken));
  const { token, user: updated } = await openSession(deps, user, client, now);
  return { token, user: await loadUserDto(deps, updated, true) };
};

/**
 * Opens a session for a user whose password has been checked, as signing in does: the session
 * row and the user's last activity. Returns the new token (for the cookie) and the updated user.
 */
export const openSession = async (
  deps: ServiceDeps,
  user: UserRow,
  client: Pick<ClientInfo, 'ip' | 'userAgent'>,
  now: Date = deps.now(),
): Promise<{ token: string; user: UserRow }> => {
  const { db, config } = deps;
  const token = newSessionToken();
  await repo.insertSession(db, {
    user_id: user.id,
    token_hash: hashToken(token),
    created_at: now,
    last_seen_at: now,
    expires_at: addMinutes(now, config.sessionAbsoluteHours * 60),
    ip: client.ip,
    user_agent: client.userAgent?.slice(0, 500) ?? null,
    // What's New lists the news newer than this (ADR 0061); last_activity itself moves to now.
    activity_before: user.last_activity,
  });
  const updated = (await repo.updateUser(db, user.id, { last_activity: now })) ?? user;
  return { token, user: updated };
};

/** Minimum gap between two writes of `last_seen_at` for the same session. */
const TOUCH_INTERVAL_MS = 60_000;
/** Minimum gap between two writes of a user's `last_activity` while they use the app (ADR 0061). */
export const ACTIVITY_TOUCH_INTERVAL_MS = 5 * 60_000;

/** The token before the session's last refresh, presented within the grace (ADR 0074). */
const isPreviousInGrace = (session: SessionRow, tokenHash: string, now: Date): boolean =>
  session.previous_token_hash === tokenHash &&
  !!session.rotated_at &&
  now.getTime() - session.rotated_at.getTime() < REFRESH_GRACE_MS;

/**
 * Resolves a cookie token to its session and user; expired sessions are deleted. The token
 * before the last refresh is accepted for REFRESH_GRACE_MS after it.
 */
export const authenticate = async (
  deps: ServiceDeps,
  token: string | undefined,
): Promise<Authenticated | null> => {
  if (!token) return null;
  const { db, config } = deps;
  const tokenHash = hashToken(token);
  const found = await repo.findSessionWithUser(db, tokenHash);
  if (!found) return null;
  const { session, user } = found;
  const now = deps.now();
  if (session.token_hash !== tokenHash && !isPreviousInGrace(session, tokenHash, now)) return null;
  const idleEnd = addMinutes(session.last_seen_at, config.sessionIdleMinutes);
  if (now >= session.expires_at || now >= idleEnd) {
    await repo.deleteSession(db, session.id);
    return null;
  }
  if (!user) return null;
  if (now.getTime() - session.last_seen_at.getTime() >= TOUCH_INTERVAL_MS) {
    await repo.updateSession(db, session.id, { last_seen_at: now });
    session.last_seen_at = now;
  }
  // "Newer than my last activity" means my last use, not my last sign-in; the user row came with
  // the session, so this costs one UPDATE per user every few minutes and nothing otherwise.
  if (!user.last_activity || now.getTime() - user.last_activity.getTime() >= ACTIVITY_TOUCH_INTERVAL_MS) {
    await repo.updateUser(db, user.id, { last_activity: now });
    user.last_activity = now;
  }
  return { user, session, token };
};

/**
 * New token for the same session; resets the idle clock, never the absolute one. The new token
 * is HMAC(rotation key, presented token) and the presented one stays valid for the grace
 * (ADR 0074): a second refresh with the same cookie at the same moment (another tab) is answered
 * the same new token, so both tabs end up with a cookie that works.
 */
export const refresh = async (
  deps: ServiceDeps,
  auth: Authenticated,
): Promise<{ token: string; user: User }> => {
  const { db } = deps;
  const now = deps.now();
  const presented = hashToken(auth.token);
  let session: SessionRow | undefined = auth.session;
  if (session.token_hash === presented) {
    const rotationKey = session.rotation_key ?? newRotationKey();
    const token = nextSessionToken(rotationKey, auth.token);
    const toHash = hashToken(token);
    if (await repo.rotateSession(db, session.id, { fromHash: presented, toHash, rotationKey, now })) {
      return { token, user: await loadUserDto(deps, auth.user, true) };
    }
    // Another refresh with this token rotated it a moment ago.
    session = await repo.findSessionById(db, session.id);
  }
  if (session?.rotation_key && isPreviousInGrace(session, presented, now)) {
    const token = nextSessionToken(session.rotation_key, auth.token);
    if (hashToken(token) === session.token_hash) {
      await repo.updateSession(db, session.id, { last_seen_at: now });
      return { token, user: await loadUserDto(deps, auth.user, true) };
    }
  }
  // Refreshed twice since this token (or ended meanwhile): the cookie is too old to refresh.
  throw new UnauthenticatedError();
};

export const logout = async (deps: ServiceDeps, auth: Authenticated): Promise<void> => {
  await repo.deleteSession(deps.db, auth.session.id);
};

export const changePassword = async (
  deps: ServiceDeps,
  auth: Authenticated,
  body: PasswordChangeBody,
): Promise<User> => {
  const user = await repo.findUserById(deps.db, auth.user.id);
  if (!user) throw new UnauthenticatedError();
  const ok = user.password_hash ? await verifyPassword(body.current_password, user.password_hash) : false;
  if (!ok) throw ValidationError.field('current_password', API_MESSAGES.currentPasswordIncorrect);
  const password_hash = await hashPassword(body.password, deps.config.scryptCost);
  const updated = await deps.db.transaction(async (tx) => {
    const u = await repo.updateUser(tx, user.id, { password_hash, is_temp: false, updated_at: deps.now() });
    await repo.deleteOtherSessions(tx, user.id, auth.session.id);
    return u!;
  });
  return loadUserDto(deps, updated, true);
};

export type ProfileUpdate = z.output<typeof profileUpdateBodySchema>;

export const updateProfile = async (
  deps: ServiceDeps,
  auth: Authenticated,
  body: ProfileUpdate,
): Promise<User> => {
  const updated = await repo.updateUser(deps.db, auth.user.id, {
    name: body.name,
    direct_dial: body.direct_dial,
    mobile: body.mobile,
    currency: body.currency,
    updated_at: deps.now(),
  });
  if (!updated) throw new UnauthenticatedError();
  return loadUserDto(deps, updated, true);
};
