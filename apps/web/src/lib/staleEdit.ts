import { useCallback, useState } from 'react';
import {
  HISTORY_DATE_FIELDS,
  HISTORY_MONEY_FIELDS,
  changedFields,
  formatDate,
  formatMoney,
  ifMatch,
  type VersionedEntity,
} from '@frontage/shared';
import { ApiError } from './http';

/**
 * The web side of lost-update refusal (API.md, ADR 0060). An edit names the version of the record
 * it was opened on (`If-Match`); the server refuses a stale one with 412 and the record as it now
 * stands, which the form shows (fields changed since, with their current values) instead of
 * overwriting someone else's change.
 */
type Versioned = { version?: string } & object;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The current record a 412 carries, or null for any other failure. */
export const staleRecordOf = <T>(err: unknown): T | null =>
  err instanceof ApiError && err.status === 412 && isRecord(err.body) && isRecord(err.body.data)
    ? (err.body.data as T)
    : null;

/** The headers of an edit made on `version` (none for a record read without one). */
export const versionHeaders = (version: string | undefined): Record<string, string> | undefined =>
  version ? ifMatch(version) : undefined;

export interface StaleEdit<T> {
  /** The version the next save names. */
  version: string | undefined;
  /** The record as it now stands, after a refused save; null while nothing was refused. */
  current: T | null;
  /** The fields changed since the form's record was read. */
  changed: string[];
  /** True (and the notice shown) when `err` is a refused stale save. */
  catchStale: (err: unknown) => boolean;
  /** Keep what the user typed; the next save names the current version, so it goes through. */
  keepMine: () => void;
  /** Throw the user's input away: `reset` refills the form from the current record. */
  takeCurrent: (reset: (record: T) => void) => void;
}

/** One form's version: the record it opened on, and the current one after a refusal. */
export function useStaleEdit<T extends Versioned>(entity: VersionedEntity, opened: T): StaleEdit<T> {
  const [base, setBase] = useState<T>(opened);
  const [current, setCurrent] = useState<T | null>(null);
  const catchStale = useCallback((err: unknown) => {
    const record = staleRecordOf<T>(err);
    if (record) setCurrent(record);
    return record !== null;
  }, []);
  return {
    version: base.version,
    current,
    changed: current
      ? changedFields(entity, base as Record<string, unknown>, current as Record<string, unknown>)
      : [],
    catchStale,
    keepMine: () => {
      if (current) setBase(current);
      setCurrent(null);
    },
    takeCurrent: (reset) => {
      if (!current) return;
      reset(current);
      setBase(current);
      setCurrent(null);
    },
  };
}

const NONE = '—';

const named = (v: unknown): string | null => {
  if (!isRecord(v)) return null;
  if (typeof v.name === 'string') return v.name;
  if (typeof v.full_address === 'string') return v.full_address;
  return null;
};

/**
 * A field's value as the refusal notice shows it: names rather than ids where the record carries
 * them (`tenant` beside `tenant_id`), en-GB dates, money with its currency.
 */
export const shownField = (record: Record<string, unknown>, field: string): string => {
  const value = record[field];
  if (field.endsWith('_id')) {
    const related = named(record[field.slice(0, -3)]);
    if (related) return related;
  }
  if (value === null || value === undefined || value === '') return NONE;
  if (HISTORY_MONEY_FIELDS.has(field)) {
    return formatMoney(value as string, typeof record.currency === 'string' ? record.currency : undefined);
  }
  if (HISTORY_DATE_FIELDS.has(field) || field === 'received_at') return formatDate(String(value));
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    if (!value.length) return NONE;
    return value.map((v) => named(v) ?? String(v)).join(', ');
  }
  return named(value) ?? String(value);
};

export interface StaleFieldRow {
  field: string;
  label: string;
  /** The value saved now, as shown to people. */
  now: string;
}

/** The notice's rows: each changed field with its label and its current value. */
export const staleRows = <T extends Versioned>(
  stale: Pick<StaleEdit<T>, 'current' | 'changed'>,
  labelOf: (field: string) => string,
  /** A form's own display of a field (category names for ids); undefined falls back to `shownField`. */
  show?: (field: string, record: T) => string | undefined,
): StaleFieldRow[] => {
  const current = stale.current;
  if (!current) return [];
  return stale.changed.map((field) => ({
    field,
    label: labelOf(field),
    now: show?.(field, current) ?? shownField(current as Record<string, unknown>, field),
  }));
};
