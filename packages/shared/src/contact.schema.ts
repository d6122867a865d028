import { z } from 'zod';
import { pageQuerySchema, idSchema } from './api.schema';
import { CONTACT_NAME_MIN } from './constants';
import { USER_TYPES } from './enums';
import { PASSWORD_MIN } from './auth.schema';

/** Contacts are users (spec A §3); a contact need not be able to sign in. */
export const CONTACT_MESSAGES = {
  nameRequired: 'The name field is required.',
  nameMin: `The name must be at least ${CONTACT_NAME_MIN} characters.`,
  emailRequired: 'The email field is required.',
  emailInvalid: 'The email must be a valid email address.',
  emailTaken: 'The email has already been taken.',
  companyMissing: 'The selected company is invalid.',
  passwordMin: `The password must be at least ${PASSWORD_MIN} characters.`,
  deleted: 'The contact has been deleted.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  companyLocked: 'Only an administrator can move a user who can sign in to another company.',
  emailLocked: 'Only the user or an administrator can change the e-mail a user signs in with.',
  passwordNeeded: 'Give a temporary password so that the user can sign in.',
  passwordWithoutSignIn: 'A user who cannot sign in has no password: leave it empty.',
  cannotDisableSelf: 'You cannot turn off your own sign-in.',
  cannotDemoteSelf: 'You cannot remove your own administrator rights.',
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/**
 * POST /api/users and PUT /api/users/{id} (spec A §7: company_id, name, email, direct_dial,
 * mobile). `type`, `password` (a temporary password: sets is_temp) and `can_sign_in` (false
 * clears the password and signs the user out everywhere) are admin-only and ignored for everyone
 * else (ADR 0065).
 */
export const contactBodySchema = z.object({
  company_id: idSchema.nullable().optional().default(null),
  name: z
    .string({ error: CONTACT_MESSAGES.nameRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.nameRequired)
    .min(CONTACT_NAME_MIN, CONTACT_MESSAGES.nameMin)
    .max(255),
  email: z
    .string({ error: CONTACT_MESSAGES.emailRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.emailRequired)
    .max(255)
    .email(CONTACT_MESSAGES.emailInvalid),
  direct_dial: optionalText(50),
  mobile: optionalText(50),
  type: z.enum(USER_TYPES).optional(),
  password: z.string().min(PASSWORD_MIN, CONTACT_MESSAGES.passwordMin).max(200).optional(),
  can_sign_in: z.boolean().optional(),
});
export type ContactBody = z.input<typeof contactBodySchema>;

export const CONTACT_SORTS = [
  'name',
  '-name',
  'email',
  '-email',
  'updated_at',
  '-updated_at',
  'created_at',
  '-created_at',
] as const;

/** GET /api/users/ — word-start search on name and e-mail (ADR 0030), filter by company. */
export const contactListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
  include: z.string().optional(),
  company_id: idSchema.optional(),
  sort: z.enum(CONTACT_SORTS).optional().default('name'),
});
export type ContactListQuery = z.input<typeof contactListQuerySchema>;

/** The domain part of an e-mail address, for GET /api/companies/by-domain (spec A §3). */
export const emailDomain = (email: string): string | null => {
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  return /^[a-z0-9.-]+\.[a-z]{2,}$/.test(domain) ? domain : null;
};

/** The columns of GET /api/users/export, in order. */
export const CONTACT_EXPORT_COLUMNS = ['id', 'name', 'email', 'company', 'direct_dial', 'mobile'] as const;
