import type { Actor } from '@frontage/shared';
import { ForbiddenError } from '../../lib/errors';

/**
 * Who imports (ADR 0094): every signed-in user with an account of the firm — admins anything,
 * agents creating records as the API lets them and updating only their own company's records
 * (checked per row: at preview, and again as each batch is written). A user of no company
 * updates nothing, but may create.
 */
export const assertCanImport = (actor: Actor | null | undefined): void => {
  if (!actor) throw new ForbiddenError();
};
