import {
  IMPORT_FIELDS,
  IMPORT_READY_ENTITIES,
  type ImportChoice,
  type ImportEntity,
  type ImportField,
  type ImportOutcome,
  type ImportStatus,
} from '@frontage/shared';

/**
 * Words the page shows for the import contract's values. The page is generic over
 * IMPORT_ENTITIES: an entity the server imports (IMPORT_READY_ENTITIES, with its IMPORT_FIELDS)
 * is offered with no change here.
 */
export const ENTITY_LABELS: Record<ImportEntity, string> = {
  properties: 'Properties',
  schemes: 'Schemes',
  companies: 'Companies',
  contacts: 'Contacts',
  deals: 'Deals',
};

/** Where the records of each entity type are listed (the drawer's routes). */
export const ENTITY_LIST_ROUTES: Record<ImportEntity, string> = {
  properties: '/properties',
  schemes: '/schemes',
  companies: '/companies',
  contacts: '/users',
  deals: '/deals',
};

export const STATUS_LABELS: Record<ImportStatus, string> = {
  validating: 'Validating',
  preview: 'Preview',
  applying: 'Applying',
  applied: 'Applied',
  reverting: 'Reverting',
  reverted: 'Reverted',
  failed: 'Failed',
};

export const OUTCOME_LABELS: Record<ImportOutcome, string> = {
  create: 'Create',
  update: 'Update',
  skip: 'Skip',
  error: 'Error',
};

export const CHOICE_LABELS: Record<ImportChoice, string> = {
  create: 'Create',
  update: 'Update',
  skip: 'Skip',
};

/** The file picker's filter: the server reads CSV and XLSX. */
export const IMPORT_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The entity types the server imports today, in the contract's order. */
export const readyEntities = (): ImportEntity[] => [...IMPORT_READY_ENTITIES];

/** The fields of an entity type (none for one the server does not import yet). */
export const fieldsOf = (entity: ImportEntity): readonly ImportField[] =>
  (IMPORT_FIELDS as Partial<Record<ImportEntity, readonly ImportField[]>>)[entity] ?? [];
