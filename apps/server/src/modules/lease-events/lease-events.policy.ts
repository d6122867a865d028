import { LEASE_EVENT_MESSAGES } from '@frontage/shared';
import { ValidationError } from '../../lib/errors';

/*
 * Reading the lease events is for every signed-in user, as the properties list is (the session
 * guard checks that; archived units have none). Marking one done or dismissed, or reopening it, is
 * too: the work list is the team's shared diary, and every action records who took it.
 */

/** A hard event (time of the essence) is closed only with a reason on record. */
export const assertReasonGiven = (hard: boolean, reason: string | null | undefined): void => {
  if (hard && !reason) throw ValidationError.field('reason', LEASE_EVENT_MESSAGES.reasonRequired);
};
