import type { Actor, Contact, User } from '@frontage/shared';
import { mayReadAccount } from './contacts.policy';

/**
 * A contact as `viewer` may read it (ADR 0073): the whole user for the user themselves and for
 * admins; for anyone else without the account fields (ACCOUNT_FIELDS).
 */
export const presentContact = (viewer: Actor, user: User): Contact => {
  if (mayReadAccount(viewer, user.id)) return user;
  const {
    type: _type,
    is_temp: _isTemp,
    can_sign_in: _canSignIn,
    currency: _currency,
    settings: _settings,
    last_activity: _lastActivity,
    ...visible
  } = user;
  return visible;
};
