import type { ImportReadyEntity } from '@frontage/shared';
import { companiesAdapter } from './companies';
import { contactsAdapter } from './contacts';
import { propertiesAdapter } from './properties';
import { schemesAdapter } from './schemes';
import type { ImportAdapter } from './types';

/** Each importable entity type's adapter; deals will add one file and one line. */
export const ADAPTERS: Readonly<Record<ImportReadyEntity, ImportAdapter>> = {
  properties: propertiesAdapter,
  companies: companiesAdapter,
  contacts: contactsAdapter,
  schemes: schemesAdapter,
};
