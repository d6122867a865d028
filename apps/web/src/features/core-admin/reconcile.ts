import type { StoreListAction, StoreListPreview, StoreListPreviewRow } from '@frontage/shared';

/** What the admin chose for a row in the list but not on our data. */
export type NewRowChoice = 'skip' | 'create' | 'tracked_change';
/** What the admin chose for a unit on our data but not in the list. */
export type MissingChoice = 'skip' | 'close';

export interface ReconcileChoices {
  /** By the row's file line. */
  rows: Record<number, NewRowChoice>;
  /** By property id. */
  missing: Record<number, MissingChoice>;
}

export const NO_CHOICES: ReconcileChoices = { rows: {}, missing: {} };

export const NEW_ROW_CHOICE_LABELS: Record<NewRowChoice, string> = {
  skip: 'Skip',
  create: 'Create unit',
  tracked_change: 'Record tracked-retailer change on the vacant unit',
};
export const MISSING_CHOICE_LABELS: Record<MissingChoice, string> = {
  skip: 'Skip',
  close: 'Record closure',
};

/** The preview's rows by group. */
export const groupsOf = (preview: StoreListPreview) => ({
  matched: preview.rows.filter((r) => r.status === 'matched'),
  new: preview.rows.filter((r) => r.status === 'new'),
  invalid: preview.rows.filter((r) => r.status === 'invalid'),
  missing: preview.missing,
});

/** The choice 'select all' makes for a new row: the vacant unit when there is one. */
export const defaultNewChoice = (r: StoreListPreviewRow): NewRowChoice =>
  r.vacant_unit ? 'tracked_change' : 'create';

/** The actions to send, in the file's order, closures last. */
export const actionsOf = (preview: StoreListPreview, choices: ReconcileChoices): StoreListAction[] => {
  const out: StoreListAction[] = [];
  for (const r of preview.rows) {
    if (r.status !== 'new') continue;
    const choice = choices.rows[r.row.line] ?? 'skip';
    if (choice === 'create') out.push({ action: 'create', row: r.row });
    else if (choice === 'tracked_change' && r.vacant_unit)
      out.push({ action: 'tracked_change', row: r.row, property_id: r.vacant_unit.property_id });
  }
  for (const u of preview.missing)
    if (choices.missing[u.property_id] === 'close') out.push({ action: 'close', property_id: u.property_id });
  return out;
};

/** Where a 422 key such as `actions.3.row.post_code` points: "Line 12", "Closure of …", or the key. */
export const errorPlace = (key: string, actions: StoreListAction[]): string => {
  const m = /^actions\.(\d+)/.exec(key);
  const action = m ? actions[Number(m[1])] : undefined;
  if (!action) return key === 'actions' ? 'Choices' : key;
  if (action.action === 'close') return `Closure of unit #${action.property_id}`;
  return `Line ${action.row.line}`;
};

/** One address line of a row of the list or a unit of ours. */
export const rowAddress = (r: {
  address_line_1: string;
  address_line_2: string | null;
  town: string;
  post_code: string;
}): string => [r.address_line_1, r.address_line_2, r.town, r.post_code].filter(Boolean).join(', ');

export const unitAddress = (u: {
  full_address: string | null;
  town: string | null;
  post_code: string | null;
}): string => u.full_address ?? ([u.town, u.post_code].filter(Boolean).join(', ') || '—');
