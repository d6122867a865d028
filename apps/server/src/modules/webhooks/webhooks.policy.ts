import { isAdmin, type Actor } from '@frontage/shared';
import { ForbiddenError } from '../../lib/errors';

/**
 * Webhooks are admins' (ADR 0098): an endpoint receives every change of the research data it
 * subscribes to, whoever made it, so registering one is handing that data to another system.
 */
export const assertMayManageWebhooks = (actor: Actor): void => {
  if (!isAdmin(actor)) throw new ForbiddenError();
};
