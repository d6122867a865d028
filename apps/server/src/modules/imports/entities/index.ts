import type { ImportReadyEntity } from '@frontage/shared';
import { companiesAdapter } from './companies';
import { contactsAdapter } from './contacts';
import { propertiesAdapter } from './properties';
import type { ImportAdapter } from './types';

/** Each importable entity type's adapter; schemes, contacts and deals add one file and one line. */
export const ADAPTERS: Readonly<Record<ImportReadyEntity, ImportAdapter>> = {
  properties: propertiesAdapter,
  companies: companiesAdapter,
  contacts: contactsAdapter,
};
