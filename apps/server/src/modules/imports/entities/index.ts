import type { ImportReadyEntity } from '@frontage/shared';
import { companiesAdapter } from './companies';
import { contactsAdapter } from './contacts';
import { dealsAdapter } from './deals';
import { propertiesAdapter } from './properties';
import { schemesAdapter } from './schemes';
import type { ImportAdapter } from './types';

/** Each importable entity type's adapter. */
export const ADAPTERS: Readonly<Record<ImportReadyEntity, ImportAdapter>> = {
  properties: propertiesAdapter,
  companies: companiesAdapter,
  contacts: contactsAdapter,
  schemes: schemesAdapter,
  deals: dealsAdapter,
};
