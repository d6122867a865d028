import { API_MESSAGES } from '@frontage/shared';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';

interface Person {
  id: number;
  type: 'admin' | 'user';
}
interface Owner extends Person {
  is_integration: boolean;
}

/**
 * Whose token a request may create (ADR 0097): one's own, and an admin also an integration
 * account's. Anyone else's is a 422 on `owner_id` (the account is not one a token can be made for).
 */
export const assertMayCreateFor = <O extends Owner>(actor: Person, owner: O | undefined): O => {
  if (!owner) throw ValidationError.field('owner_id', API_MESSAGES.tokenOwnerNotIntegration);
  if (owner.id === actor.id) return owner;
  if (actor.type !== 'admin') throw new ForbiddenError();
  if (!owner.is_integration) throw ValidationError.field('owner_id', API_MESSAGES.tokenOwnerNotIntegration);
  return owner;
};

/** The `admin` scope only on a token whose owner is an admin. */
export const assertScopesFor = (owner: Owner, scopes: readonly string[]): void => {
  if (scopes.includes('admin') && owner.type !== 'admin')
    throw ValidationError.field('scopes', API_MESSAGES.tokenAdminScope);
};

/**
 * A token is revoked by its owner, or by an admin when an integration account owns it. Another
 * person's token is "not found": its existence is not theirs to learn.
 */
export const assertMayRevoke = (actor: Person, owner: Owner): void => {
  if (owner.id === actor.id) return;
  if (actor.type === 'admin' && owner.is_integration) return;
  throw new NotFoundError();
};

/** Integration accounts are made by admins (ADR 0104): an account owns tokens no person answers for. */
export const assertMayCreateIntegrationAccount = (actor: Person): void => {
  if (actor.type !== 'admin') throw new ForbiddenError();
};
