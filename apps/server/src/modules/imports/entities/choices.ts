import {
  BREAK_KIND_LABELS,
  BREAK_PARTY_LABELS,
  DEAL_TYPE_LABELS,
  IMPORT_MESSAGES,
  LEASE_TERM_KEYS,
  REASON_LABELS,
  REVIEW_BASIS_LABELS,
  SALE_TYPE_LABELS,
  SECURITY_OF_TENURE_LABELS,
} from '@frontage/shared';
import type { RowError } from './types';

/**
 * The coded fields an import reads (lease terms, deal type, reason, sale type): a cell may hold
 * the API's code, its label, or a word agents write for it ("OMV upward only", "VP", "Assignment");
 * compared in lower case with "&" as "and", letters and digits only. Anything else is the row's
 * error listing the labels.
 */

const wordKey = (s: string): string =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '');

interface Choice {
  words: Map<string, string>;
  labels: string[];
}

const choice = (
  labels: Readonly<Record<string, string>>,
  synonyms: Record<string, readonly string[]> = {},
) => {
  const words = new Map<string, string>();
  for (const [code, label] of Object.entries(labels)) {
    for (const w of [code, label, ...(synonyms[code] ?? [])]) words.set(wordKey(w), code);
  }
  return { words, labels: Object.values(labels) } satisfies Choice;
};

const CHOICES: Readonly<Record<string, Choice>> = {
  security_of_tenure: choice(SECURITY_OF_TENURE_LABELS, {
    inside_act: ['inside', 'inside act', 'inside the act', 'within the act', 'protected', 'yes'],
    contracted_out: ['outside', 'outside the act', 'excluded', 'contracted out', 'no'],
  }),
  break_party: choice(BREAK_PARTY_LABELS, {
    tenant: ['tenant only', "tenant's"],
    landlord: ['landlord only', "landlord's"],
    mutual: ['both', 'either', 'either party', 'landlord and tenant', 'tenant and landlord'],
  }),
  break_kind: choice(BREAK_KIND_LABELS, {
    fixed: ['fixed', 'one off', 'single'],
    rolling: ['rolling break'],
  }),
  review_basis: choice(REVIEW_BASIS_LABELS, {
    open_market_upward_only: [
      'upward only',
      'upwards only',
      'OMV upward only',
      'open market upward only',
      'OMRV UO',
    ],
    open_market: ['open market', 'OMV', 'OMRV', 'upward or downward', 'upwards downwards'],
    index_linked: ['index linked', 'indexed', 'RPI', 'CPI', 'CPIH', 'index'],
    index_linked_collared: [
      'collared and capped',
      'RPI collar and cap',
      'CPI collar and cap',
      'capped and collared',
    ],
    fixed: ['fixed', 'fixed increase', 'stepped', 'stepped rent'],
    turnover: ['turnover rent', 'TOR'],
  }),
  deal_type: choice(DEAL_TYPE_LABELS, {
    new_letting: ['letting', 'new letting', 'new lease'],
    subletting: ['sub-letting', 'sub letting', 'sublet', 'assignment', 'sub-letting assignment'],
    rent_review: ['rent review', 'review'],
    lease_renewal: ['renewal', 'lease renewal', 're-gear', 'regear', 'lease regear'],
    tracked_retailer: ['tracked retailer', 'occupier change'],
  }),
  reason: choice(REASON_LABELS),
  sale_type: choice(SALE_TYPE_LABELS, {
    vacant_possession: ['VP', 'vacant'],
    sale_and_lease_back: ['SLB', 'sale and leaseback', 'sale leaseback'],
    owner_occupier: ['owner occupied', 'owner-occupier'],
  }),
};

/** The code a cell names for a coded field, or the row's error on that field. */
export const choiceOf = (field: string, text: string): { value: string } | { error: RowError } => {
  const c = CHOICES[field]!;
  const code = c.words.get(wordKey(text));
  return code !== undefined
    ? { value: code }
    : { error: { field, message: IMPORT_MESSAGES.rowChoice(c.labels) } };
};

/** "6", "6 months", "5 yrs", "5y" → the whole number; else undefined. */
export const wholeOf = (text: string): number | undefined => {
  const m = /^(\d{1,4})\s*(?:months?|mths?|m|years?|yrs?|y)?\.?$/i.exec(text.trim());
  return m ? Number(m[1]) : undefined;
};

/**
 * A lease term's cell as the property or deal payload takes it: coded
 * terms through choiceOf, the two numbers whole, the notes as written. Bounds are the schema's.
 */
export const leaseTermOf = (field: string, text: string): { value: unknown } | { error: RowError } => {
  if (field === 'lease_notes') return { value: text };
  if (field === 'break_notice_months' || field === 'review_interval_years') {
    const n = wholeOf(text);
    return n === undefined ? { error: { field, message: IMPORT_MESSAGES.rowWhole } } : { value: n };
  }
  return choiceOf(field, text);
};

export const LEASE_TERM_FIELDS: ReadonlySet<string> = new Set<string>(LEASE_TERM_KEYS);
