import {
  CURRENCY_CHOICES,
  DEFAULT_CURRENCY,
  type CompanySummary,
  type CurrencyChoice,
  type User,
} from '@frontage/shared';
import { iso, isoRequired } from '../../lib/dates';
import type { CompanyRow, UserRow, UserSettingsRow } from './auth.repository';

/** The columns a company summary shows. */
export type CompanySummaryRow = Pick<
  CompanyRow,
  'id' | 'name' | 'core_id' | 'domain' | 'phone' | 'is_verified'
>;

export const presentCompanySummary = (c: CompanySummaryRow): CompanySummary => ({
  id: c.id,
  name: c.name,
  core_id: c.core_id,
  domain: c.domain,
  phone: c.phone,
  is_verified: c.is_verified,
});

const asCurrency = (c: string): CurrencyChoice =>
  (CURRENCY_CHOICES as readonly string[]).includes(c.trim())
    ? (c.trim() as CurrencyChoice)
    : DEFAULT_CURRENCY;

export const presentSettings = (s: UserSettingsRow | undefined): User['settings'] => ({
  theme: s?.theme ?? 'light',
  hidden_videos: Array.isArray(s?.hidden_videos) ? s.hidden_videos.map(String) : [],
});

/** The one way a user leaves the server: no password hash, no token (userSchema). */
export const presentUser = (
  u: UserRow,
  settings: UserSettingsRow | undefined,
  company?: CompanySummaryRow | null,
): User => ({
  id: u.id,
  name: u.name,
  email: u.email,
  company_id: u.company_id,
  ...(company !== undefined ? { company: company ? presentCompanySummary(company) : null } : {}),
  direct_dial: u.direct_dial,
  mobile: u.mobile,
  type: u.type,
  is_temp: u.is_temp,
  can_sign_in: u.password_hash !== null,
  currency: asCurrency(u.currency),
  settings: presentSettings(settings),
  last_activity: iso(u.last_activity),
  created_at: isoRequired(u.created_at),
  updated_at: isoRequired(u.updated_at),
});
