import { ARCHIVE_MESSAGES } from '@frontage/shared';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import { schemeArchived } from './archive.repository';

/**
 * Refuses to add a unit to an archived scheme (a new unit, or one moved into it) with a 422 on
 * `field` (ADR 0078). The scheme's row is share-locked for the rest of the transaction, so an
 * archive of it either committed first (and is seen) or waits for this write (and takes the unit
 * with it). Nothing when there is no such scheme: the reference check answers that.
 */
export const assertSchemeLive = async (tx: Db, schemeId: number, field: string): Promise<void> => {
  if (await schemeArchived(tx, schemeId))
    throw ValidationError.field(field, ARCHIVE_MESSAGES.selectedSchemeArchived);
};
