import type { Company } from '@frontage/shared';
import { iso, isoRequired } from '../../lib/dates';
import type { CompanyRow } from './companies.repository';

/** The logo's URL: versioned by its content hash, so it can be cached for a year. */
export const logoUrl = (c: Pick<CompanyRow, 'id' | 'logo_etag'>): string | null =>
  c.logo_etag ? `/api/companies/${c.id}/logo?v=${c.logo_etag.slice(0, 12)}` : null;

export interface CompanyExtras {
  categories: number[];
  scraper?: boolean;
  contactsCount?: number;
}

/** The one way a company leaves the server (companySchema): never the logo's bytes. */
export const presentCompany = (c: CompanyRow, extras: CompanyExtras): Company => ({
  id: c.id,
  name: c.name,
  core_id: c.core_id,
  domain: c.domain,
  phone: c.phone,
  categories: extras.categories,
  logo: logoUrl(c),
  is_verified: c.is_verified,
  verified_at: iso(c.verified_at),
  ...(extras.scraper ? { scraper: { verified_at: iso(c.verified_at) } } : {}),
  ...(extras.contactsCount !== undefined ? { contacts_count: extras.contactsCount } : {}),
  created_at: isoRequired(c.created_at),
  updated_at: isoRequired(c.updated_at),
});
