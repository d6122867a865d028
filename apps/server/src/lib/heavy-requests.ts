import {
  HEAVY_REQUEST_MESSAGES,
  HEAVY_REQUEST_RETRY_AFTER_SECONDS,
  heavyRequestsPerUserMessage,
} from '@frontage/shared';
import type { FastifyReply } from 'fastify';
import type { Config, HeavyRequestLimits } from '../config';
import { TooManyHeavyRequestsError } from './errors';

/**
 * CSV exports and heavy reports running at once (ADR 0069): at most `perUser` for one user and
 * `perServer` for everyone, in this server process. Each holds a slot from before its first
 * statement until its response is over — streamed to the end, failed, or its client gone.
 */
export class HeavyRequests {
  private readonly byUser = new Map<number, number>();
  private held = 0;

  constructor(private readonly limits: HeavyRequestLimits) {}

  /** Slots held now (all users). */
  get running(): number {
    return this.held;
  }

  /** Slots this user holds now. */
  runningFor(userId: number): number {
    return this.byUser.get(userId) ?? 0;
  }

  /**
   * Takes a slot for this user, or refuses with 429 + Retry-After (the user's own limit named
   * first: it is the one they can act on). The release it answers may be called any number of times.
   */
  take(userId: number): () => void {
    const mine = this.runningFor(userId);
    if (mine >= this.limits.perUser)
      throw new TooManyHeavyRequestsError(
        heavyRequestsPerUserMessage(this.limits.perUser),
        HEAVY_REQUEST_RETRY_AFTER_SECONDS,
      );
    if (this.held >= this.limits.perServer)
      throw new TooManyHeavyRequestsError(
        HEAVY_REQUEST_MESSAGES.serverBusy,
        HEAVY_REQUEST_RETRY_AFTER_SECONDS,
      );
    this.byUser.set(userId, mine + 1);
    this.held += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held -= 1;
      const left = this.runningFor(userId) - 1;
      if (left > 0) this.byUser.set(userId, left);
      else this.byUser.delete(userId);
    };
  }
}

/** One limiter per running app (its Config object): a server process runs one app. */
const limiters = new WeakMap<Config, HeavyRequests>();

export const heavyRequestsOf = (config: Config): HeavyRequests => {
  let limiter = limiters.get(config);
  if (!limiter) {
    limiter = new HeavyRequests(config.heavyRequests);
    limiters.set(config, limiter);
  }
  return limiter;
};

/**
 * The first thing an export or heavy report's handler does: take a slot for the signed-in user
 * (or answer 429 before any query runs) and give it back when the response closes — after its
 * last byte, after an error answer, or when the client goes away mid-stream.
 */
export const holdHeavySlot = (config: Config, userId: number, reply: FastifyReply): void => {
  const release = heavyRequestsOf(config).take(userId);
  // A client already gone has had its 'close': nothing would give the slot back.
  if (reply.raw.destroyed) release();
  else reply.raw.once('close', release);
};
