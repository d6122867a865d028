import { historyDealLabel, historySourceLabel, type HistoryEntry } from '@frontage/shared';

/** What the History panel shows for no value (an empty field or an empty party list). */
export const NO_VALUE = '—';

/**
 * The deal that made a change, as users name it: its deal type ("Rent Review") when the entry
 * carries `deal_type`, else "Deal #id" (ADR 0044: the server adds `deal_type` once the deals table
 * is merged). Null for a change no deal made.
 */
export const dealLabel = (entry: Pick<HistoryEntry, 'deal_id' | 'deal_type'>): string | null =>
  historyDealLabel(entry);

/** Where a change came from: the deal's label (its correction or void named so), or the source's. */
export const sourceLabel = (entry: Pick<HistoryEntry, 'source' | 'deal_id' | 'deal_type'>): string =>
  historySourceLabel(entry);

/** A value without a display string (an older server): ids and raw values as they are. */
const raw = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return NO_VALUE;
  if (Array.isArray(v))
    return v.length ? v.map((x) => (typeof x === 'number' ? `#${x}` : String(x))).join(', ') : NO_VALUE;
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

/** The old or new value of an entry as the panel shows it: the server's display string first. */
export const shownValue = (entry: HistoryEntry, which: 'old' | 'new'): string => {
  const display = which === 'old' ? entry.old_display : entry.new_display;
  if (display !== undefined) return display ?? NO_VALUE;
  return raw(which === 'old' ? entry.old_value : entry.new_value);
};
