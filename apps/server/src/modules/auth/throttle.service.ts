/**
 * Login throttling by progressive delays, not locks (ADR 0035).
 *
 * Three keys count failures; each turns them into a delay that doubles with every failure past
 * its free ones (LOGIN_DELAY_BASE_SECONDS, capped at LOGIN_DELAY_MAX_MINUTES). An attempt that
 * comes inside a delay that applies to it is answered 429 + Retry-After, its password unchecked.
 *
 * - pair (account, address): always applies. A success clears it and makes the address "known"
 *   for the account for LOGIN_KNOWN_ADDRESS_DAYS.
 * - address: spraying many accounts from one address. Applies to, and counts, the accounts the
 *   address is not known for.
 * - account: guessing one account from many addresses. Counts failures from addresses the
 *   account is not known at, but only delays addresses that have already failed for it: an
 *   address with no failures for the account (the owner somewhere new) always gets its attempt,
 *   and a known address is never slowed by failures made elsewhere. So nobody can lock the owner
 *   out from where they are; an attacker can only slow down the addresses they use.
 *
 * Unknown e-mails go through exactly the same keys and statements.
 *
 * Parallel attempts: the gating keys are counted before the password is checked, so a delay may
 * be set by attempts still being checked (`pending`), which a success takes back. An attempt
 * refused by such a delay waits until those attempts are settled, then is decided again: ten
 * correct sign-ins at once all get in, while a burst of wrong guesses is refused as before.
 */
import { EventEmitter } from 'node:events';
import { isIPv6 } from 'node:net';
import type { ServiceDeps } from '../../deps';
import { publishNotificationChanges } from '../../events';
import { TooManyAttemptsError } from '../../lib/errors';
import { insertNotifications } from '../notifications/notifications.repository';
import type { UserRow } from './auth.repository';
import * as repo from './throttle.repository';
import type { DelayPolicy } from './throttle.repository';

/** The notification type of "your account had failed sign-in attempts". */
export const SECURITY_NOTIFICATION_TYPE = 'security';
/** Expired rows deleted (at most) after each failed attempt. */
const CLEANUP_BATCH = 100;

const HOUR_MS = 3_600_000;
/**
 * Longest an attempt waits for the attempts whose pending count refused it (a password check
 * takes well under a second); also how recent their count must be to be waited for at all — an
 * older pending count is an attempt lost with its process.
 */
export const SETTLE_WAIT_MS = 5_000;
/** How often a waiting attempt looks again when nothing in this process settled meanwhile. */
const SETTLE_POLL_MS = 50;

/** Told whenever an attempt of this process is settled: the waiting attempts look again at once. */
const settledAttempts = new EventEmitter().setMaxListeners(0);
const announceSettled = () => settledAttempts.emit('settled');
const nextSettled = (deadline: number): Promise<void> =>
  new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      settledAttempts.off('settled', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, Math.min(SETTLE_POLL_MS, deadline - Date.now())));
    settledAttempts.once('settled', done);
  });

interface Gate {
  key: string;
  policy: DelayPolicy;
}

/** An attempt that was let through to the password check. */
export interface Attempt {
  now: Date;
  pair: Gate;
  account: Gate;
  /** The account signed in from this address recently: failures made elsewhere do not apply. */
  known: boolean;
  /** Keys whose failure was counted before the password check (gated); taken back on success. */
  counted: Gate[];
  /** Keys to count only if the password is wrong (they do not gate this attempt). */
  countOnFailure: Gate[];
}

/** The 16-bit groups of a valid IPv6 address (an embedded IPv4 tail becomes two groups). */
const ipv6Groups = (ip: string): number[] => {
  let s = ip;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    s = `${s.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = s.split('::');
  const h = head ? head.split(':') : [];
  const tl = tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - tl.length).fill('0'), ...tl];
  return groups.map((g) => parseInt(g, 16));
};

/**
 * The address as throttling sees it: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 — one
 * subscriber usually holds a whole /64, so single IPv6 addresses would hand out fresh addresses
 * by the billion.
 */
export const throttleAddress = (ip: string): string => {
  const bare = ip.split('%')[0]!.toLowerCase();
  if (!isIPv6(bare)) return bare;
  const g = ipv6Groups(bare);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.');
  }
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
};

export const throttleKeys = (email: string, ip: string) => {
  const account = email.trim().toLowerCase();
  const address = throttleAddress(ip);
  return { pair: `pair:${account}|${address}`, address: `address:${address}`, account: `account:${account}` };
};

const secondsUntil = (until: Date | null | undefined, now: Date): number =>
  Math.max(1, Math.ceil(((until?.getTime() ?? 0) - now.getTime()) / 1000));

const windowOf = (deps: ServiceDeps, now: Date) => {
  const c = deps.config.login;
  return {
    forgetBefore: new Date(now.getTime() - c.forgetHours * HOUR_MS),
    keepFailuresUntil: new Date(now.getTime() + c.forgetHours * HOUR_MS),
  };
};

/** An attempt refused by a delay: until when, and whether attempts that may lift it are still being checked. */
interface Refusal {
  until: Date | null | undefined;
  unsettled: boolean;
  /** The delay was lifted after it refused the count: decide again without waiting. */
  lifted?: boolean;
}

/** Attempts counted in advance on `row` may still take its delay back. */
const unsettled = (row: repo.ThrottleRow | undefined, now: Date): boolean =>
  !!row &&
  row.pending > 0 &&
  !!row.last_failure_at &&
  now.getTime() - row.last_failure_at.getTime() < SETTLE_WAIT_MS;

/**
 * Decides whether an attempt may check its password; throws TooManyAttemptsError when a delay
 * that applies to it has not passed. The gating keys are counted now, atomically, so parallel
 * attempts cannot all get past a key that is about to be delayed. An attempt refused by a delay
 * that attempts still being checked may take back waits for them (at most SETTLE_WAIT_MS) and
 * is decided again.
 */
export const admit = async (deps: ServiceDeps, email: string, ip: string): Promise<Attempt> => {
  const deadline = Date.now() + SETTLE_WAIT_MS;
  for (;;) {
    const decided = await tryAdmit(deps, email, ip);
    if (!('unsettled' in decided)) return decided;
    const now = deps.now();
    if (!decided.unsettled || Date.now() >= deadline)
      throw new TooManyAttemptsError(secondsUntil(decided.until, now));
    if (!decided.lifted) await nextSettled(deadline);
  }
};

const tryAdmit = async (deps: ServiceDeps, email: string, ip: string): Promise<Attempt | Refusal> => {
  const { db } = deps;
  const c = deps.config.login;
  const now = deps.now();
  const keys = throttleKeys(email, ip);
  const delay = { baseSeconds: c.delayBaseSeconds, maxSeconds: c.delayMaxSeconds };
  const pair: Gate = { key: keys.pair, policy: { ...delay, free: c.pairFreeFailures } };
  const address: Gate = { key: keys.address, policy: { ...delay, free: c.addressFreeFailures } };
  const account: Gate = { key: keys.account, policy: { ...delay, free: c.accountFreeFailures } };
  const { forgetBefore, keepFailuresUntil } = windowOf(deps, now);

  const rows = new Map(
    (await repo.findThrottles(db, [pair.key, address.key, account.key])).map((r) => [r.key, r]),
  );
  const p = rows.get(pair.key);
  const knownSince = now.getTime() - c.knownAddressDays * 24 * HOUR_MS;
  const known = !!p?.last_success_at && p.last_success_at.getTime() > knownSince;
  const pairFailed = !!p && p.failures > 0 && !!p.last_failure_at && p.last_failure_at > forgetBefore;

  const gates = [pair, ...(known ? [] : [address]), ...(!known && pairFailed ? [account] : [])];
  const countOnFailure = !known && !pairFailed ? [account] : [];

  // A delay already visible: refuse without writing anything.
  const blocking = gates
    .map((g) => rows.get(g.key))
    .filter((r) => !!r?.blocked_until && r.blocked_until > now);
  if (blocking.length) {
    return {
      until: new Date(Math.max(...blocking.map((r) => r!.blocked_until!.getTime()))),
      unsettled: blocking.some((r) => unsettled(r, now)),
    };
  }

  const counted: Gate[] = [];
  for (const gate of gates) {
    const row = await repo.countFailure(db, gate.key, {
      now,
      policy: gate.policy,
      forgetBefore,
      keepUntil: keepFailuresUntil,
      gated: true,
    });
    if (!row) {
      // Another attempt got there first and set a delay: this one is refused, uncounted.
      for (const g of counted) await repo.uncountFailure(db, g.key, g.policy);
      if (counted.length) announceSettled();
      const [current] = await repo.findThrottles(db, [gate.key]);
      // The delay that refused the count may be gone already: a success among the attempts
      // counted before cleared the pair between that count and this read. Nothing refuses this
      // attempt any more, so it is decided again at once rather than answered 429.
      const lifted = !current?.blocked_until || current.blocked_until <= deps.now();
      return { until: current?.blocked_until, unsettled: lifted || unsettled(current, now), lifted };
    }
    counted.push(gate);
  }
  return { now, pair, account, known, counted, countOnFailure };
};

const utcMinute = (d: Date): string => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The one line the owner reads: how many, since when; never the guesses or where they came from. */
export const failedSignInsMessage = (failures: number, since: Date): string =>
  `${failures} failed sign-in attempts on your account since ${utcMinute(since)}. ` +
  'If they were not yours, consider changing your password.';

/**
 * The password was wrong (or the e-mail unknown: `owner` undefined). Counts the remaining keys,
 * tells the owner once per LOGIN_FORGET_HOURS when the account reached LOGIN_ALERT_FAILURES, and
 * deletes a batch of expired rows.
 */
export const failed = async (
  deps: ServiceDeps,
  attempt: Attempt,
  owner: UserRow | undefined,
): Promise<void> => {
  const { db } = deps;
  const c = deps.config.login;
  const { now } = attempt;
  const { forgetBefore, keepFailuresUntil } = windowOf(deps, now);
  for (const gate of attempt.countOnFailure) {
    await repo.countFailure(db, gate.key, {
      now,
      policy: gate.policy,
      forgetBefore,
      keepUntil: keepFailuresUntil,
      gated: false,
    });
  }
  await settleCounted(deps, attempt);
  if (!attempt.known) {
    // Run for unknown e-mails too, so both take the same statements.
    const alert = await repo.claimAlert(db, attempt.account.key, now, c.alertFailures, forgetBefore);
    if (alert && owner) {
      await insertNotifications(db, [
        {
          user_id: owner.id,
          type: SECURITY_NOTIFICATION_TYPE,
          message: failedSignInsMessage(alert.failures, alert.first_failure_at ?? now),
          url: '/profile',
          data: { failures: alert.failures, since: (alert.first_failure_at ?? now).toISOString() },
          created_at: now,
        },
      ]);
      await publishNotificationChanges(db, [owner.id]);
    }
  }
  await repo.deleteExpired(db, now, CLEANUP_BATCH);
};

/** The password was wrong: the failures counted in advance stay, no longer pending. */
const settleCounted = async (deps: ServiceDeps, attempt: Attempt): Promise<void> => {
  for (const gate of attempt.counted) await repo.settle(deps.db, gate.key);
  announceSettled();
};

/** The password was right: the pair is cleared and its address known; other keys take back the attempt. */
export const succeeded = async (deps: ServiceDeps, attempt: Attempt): Promise<void> => {
  const { db } = deps;
  const { now } = attempt;
  const knownUntil = new Date(now.getTime() + deps.config.login.knownAddressDays * 24 * HOUR_MS);
  await repo.recordSuccess(db, attempt.pair.key, now, knownUntil);
  for (const gate of attempt.counted) {
    if (gate.key !== attempt.pair.key) await repo.uncountFailure(db, gate.key, gate.policy);
  }
  announceSettled();
};

/**
 * The check itself failed (an error, not a wrong password): what was counted stays counted, as
 * for a failure, but nothing more is, so waiting attempts are not held for it.
 */
export const abandoned = async (deps: ServiceDeps, attempt: Attempt): Promise<void> => {
  await settleCounted(deps, attempt);
};
