import type { DealType, HistoryEntityType, HistoryEntry } from '@frontage/shared';
import { iso, isoRequired } from '../../lib/dates';
import type { Display, ParsedRow } from './history.display';
import type { HistoryRow } from './history.repository';

export interface ListedRow {
  h: HistoryRow;
  old_text: string | null;
  new_text: string | null;
  user_name: string | null;
  verifier_name: string | null;
  /** The type of the deal that made the change (joined from deals). */
  deal_type: string | null;
}

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** The stored values parsed once (ADR 0014: jsonb is read as text). */
export const parseRow = (r: ListedRow): ParsedRow & ListedRow => ({
  ...r,
  old_value: parse(r.old_text),
  new_value: parse(r.new_text),
});

export const presentHistory = (r: ParsedRow & ListedRow, display: Display): HistoryEntry => ({
  id: r.h.id,
  entity_type: r.h.entity_type as HistoryEntityType,
  entity_id: r.h.entity_id,
  field: r.h.field,
  old_value: r.old_value,
  new_value: r.new_value,
  old_display: display.old_display,
  new_display: display.new_display,
  source: r.h.source,
  deal_id: r.h.deal_id,
  deal_type: (r.deal_type as DealType | null) ?? null,
  user: r.h.user_id !== null && r.user_name !== null ? { id: r.h.user_id, name: r.user_name } : null,
  verified: r.h.verified,
  verified_by:
    r.h.verified_by !== null && r.verifier_name !== null
      ? { id: r.h.verified_by, name: r.verifier_name }
      : null,
  verified_at: iso(r.h.verified_at),
  ...(r.h.rejected_at ? { rejected: true } : {}),
  created_at: isoRequired(r.h.created_at),
});
