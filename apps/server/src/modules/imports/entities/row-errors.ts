import { API_MESSAGES } from '@frontage/shared';
import type { z } from 'zod';
import { UNSTORABLE } from '../import.values';
import type { RowError } from './types';

/** Text no column can hold (a NUL byte, a lone surrogate): an error on each field that has it. */
export const textErrors = (values: Record<string, string>): RowError[] =>
  Object.entries(values)
    .filter(([, v]) => UNSTORABLE.test(v))
    .map(([field]) => ({ field, message: API_MESSAGES.textNotAllowed }));

/** A schema's issues as row errors, keyed by the payload's field path. */
export const issuesOf = (err: z.ZodError): RowError[] =>
  err.issues.map((i) => ({ field: i.path.length ? i.path.join('.') : null, message: i.message }));
