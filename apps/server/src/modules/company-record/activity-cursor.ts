/**
 * The timeline's opaque `before` cursor (ADR 0091): the last item's order key — its instant to
 * the microsecond, its source's number and row id — as base64url JSON. Anything else sent as
 * `before` (altered, truncated, made up) is a 422 on `before`, never a query.
 */
import { ACTIVITY_MESSAGES } from '@frontage/shared';
import { ValidationError } from '../../lib/errors';
import { BRANCH, type ActivityKey } from './activity.repository';

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const BRANCHES = new Set<number>(Object.values(BRANCH));

export const encodeCursor = (k: ActivityKey): string =>
  Buffer.from(JSON.stringify([k.at, k.branch, k.rid])).toString('base64url');

const sameInstant = (at: string): boolean => {
  const t = Date.parse(at);
  return Number.isFinite(t) && t > 0 && new Date(t).toISOString().slice(0, 19) === at.slice(0, 19);
};

const refused = () => ValidationError.field('before', ACTIVITY_MESSAGES.badCursor);

export const decodeCursor = (raw: string | undefined): ActivityKey | undefined => {
  if (raw === undefined || raw === '') return undefined;
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw refused();
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  if (!Array.isArray(v) || v.length !== 3) throw refused();
  const [at, branch, rid] = v as unknown[];
  // The round trip refuses what the pattern lets by (a 30th of February, year 0).
  if (typeof at !== 'string' || !AT.test(at) || !sameInstant(at)) throw refused();
  if (typeof branch !== 'number' || !BRANCHES.has(branch)) throw refused();
  if (typeof rid !== 'number' || !Number.isSafeInteger(rid) || rid < 0) throw refused();
  return { at, branch, rid };
};
