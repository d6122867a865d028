import type { UserType } from './enums';

export interface Actor {
  id: number;
  type: UserType;
  company_id: number | null;
}

export const isAdmin = (actor: Pick<Actor, 'type'> | null | undefined): boolean => actor?.type === 'admin';

/**
 * The master-entity rule (spec A §6, API.md): an admin, or a user whose company is the entity's
 * company (a contact's company; for a company, itself).
 */
export const canEditMaster = (actor: Actor | null | undefined, entityCompanyId: number | null): boolean =>
  !!actor && (isAdmin(actor) || (actor.company_id !== null && actor.company_id === entityCompanyId));
