import type { ImportReadyEntity } from '@frontage/shared';
import { checkCompanyRow } from './companies.check';
import { checkContactRow } from './contacts.check';
import { checkDealRow } from './deals.check';
import { checkPropertyRow } from './properties.check';
import { checkSchemeRow } from './schemes.check';
import type { RowCheck } from './types';

/**
 * Each importable entity type's row check (ADR 0115): what the import's worker thread runs. Only
 * pure modules here (no database, no services), so the thread loads little.
 */
export const ROW_CHECKS: Readonly<Record<ImportReadyEntity, RowCheck<never>>> = {
  properties: checkPropertyRow,
  companies: checkCompanyRow,
  contacts: checkContactRow,
  schemes: checkSchemeRow,
  deals: checkDealRow,
};
