import { IMPORT_MESSAGES, canEditMaster, contactBodySchema, type Actor } from '@frontage/shared';
import { plainKey } from '../import.values';
import { companyIdsOf, type CompanyLookup } from './company-match';
import { issuesOf, textErrors } from './row-errors';
import type { CheckedRow, MappedRow, RowError } from './types';

/**
 * A row of a contacts file as the API's payload (contacts.ts says what it is), checked on a
 * worker thread (ADR 0115): pure, with the batch's companies read beforehand.
 */

/** The companies the batch's company cells name, and which of them have people who sign in. */
export interface ContactLookups {
  companies: CompanyLookup;
  signIn: Set<number>;
}

const OPTIONAL = ['company', 'direct_dial', 'mobile'] as const;

export const checkContactRow = (
  row: MappedRow,
  actor: Actor,
  { companies, signIn: owned }: ContactLookups,
): CheckedRow => {
  const v = row.values;
  const errors: RowError[] = textErrors(v);
  if (errors.length) return { payload: null, errors, keys: [] };
  const companyText = (v.company ?? '').trim();
  let companyId: number | null = null;
  if (companyText) {
    const ids = companyIdsOf(companies, companyText);
    if (ids.length === 1) companyId = ids[0]!;
    else
      errors.push({
        field: 'company',
        message: ids.length
          ? IMPORT_MESSAGES.ambiguousCompany(companyText)
          : IMPORT_MESSAGES.unresolvedCompany(companyText),
      });
  }
  const parsed = contactBodySchema.safeParse({
    company_id: companyId,
    name: v.name ?? '',
    email: v.email ?? '',
    direct_dial: v.direct_dial || null,
    mobile: v.mobile || null,
  });
  if (!parsed.success) errors.push(...issuesOf(parsed.error));
  // A company whose people sign in owns its contacts: only they (or an admin) add one there.
  if (companyId !== null && owned.has(companyId) && !canEditMaster(actor, companyId))
    errors.push({ field: 'company', message: IMPORT_MESSAGES.rowNotOwnContacts });
  if (errors.length || !parsed.success) return { payload: null, errors, keys: [] };
  const p = parsed.data;
  // Only the cells that have a value change a contact on update; name and e-mail always do.
  const payload: Record<string, unknown> = { name: p.name, email: p.email };
  for (const k of OPTIONAL)
    if ((v[k] ?? '').trim())
      payload[k === 'company' ? 'company_id' : k] = p[k === 'company' ? 'company_id' : k];
  const keys = [`email:${p.email.toLowerCase()}`, `person:${plainKey(p.name)}|${p.company_id ?? 'none'}`];
  return { payload, errors: [], keys };
};
