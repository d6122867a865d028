import { z } from 'zod';
import { idSchema } from './api.schema';

/**
 * API tokens (ADR 0097): a personal (or integration account's) credential for other systems,
 * sent as `Authorization: Bearer frt_…`. Its scopes name what it may reach, per area; the owner's
 * own permissions still apply on top of them.
 */
export const API_TOKEN_AREAS = ['properties', 'companies', 'deals', 'enquiries', 'comments'] as const;
export type ApiTokenArea = (typeof API_TOKEN_AREAS)[number];
export const API_TOKEN_ACCESS = ['read', 'write'] as const;
export type ApiTokenAccess = (typeof API_TOKEN_ACCESS)[number];

/** `<area>:read` / `<area>:write` (write includes read), and `admin` for an admin owner's token. */
export const API_TOKEN_SCOPES = [
  ...API_TOKEN_AREAS.flatMap((a) => [`${a}:read`, `${a}:write`] as const),
  'admin',
] as const;
export type ApiTokenScope = `${ApiTokenArea}:${ApiTokenAccess}` | 'admin';
export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES as unknown as [ApiTokenScope, ...ApiTokenScope[]]);

/** What each area covers, as the profile's dialog says it. */
export const API_TOKEN_AREA_LABELS: Record<ApiTokenArea, string> = {
  properties: 'Properties and schemes',
  companies: 'Companies and contacts',
  deals: 'Deals',
  enquiries: 'Enquiries',
  comments: 'Comments',
};

export const API_TOKEN_PREFIX = 'frt_';
export const API_TOKEN_DEFAULT_DAYS = 90;
export const API_TOKEN_MAX_DAYS = 365;
export const API_TOKEN_NAME_MAX = 100;

/** POST /api/tokens. `owner_id` (admins only) names an integration account to create it for. */
export const apiTokenCreateBodySchema = z.object({
  name: z.string().trim().min(1).max(API_TOKEN_NAME_MAX),
  scopes: z
    .array(apiTokenScopeSchema)
    .min(1)
    .max(API_TOKEN_SCOPES.length)
    .transform((s) => [...new Set(s)]),
  expires_in_days: z.coerce.number().int().min(1).max(API_TOKEN_MAX_DAYS).default(API_TOKEN_DEFAULT_DAYS),
  owner_id: idSchema.optional(),
});
export type ApiTokenCreateBody = z.input<typeof apiTokenCreateBodySchema>;

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(apiTokenScopeSchema),
  /** The token's first characters (`frt_` and four more), to tell tokens apart; never the secret. */
  hint: z.string(),
  owner: z.object({ id: z.number().int(), name: z.string(), is_integration: z.boolean() }),
  created_at: z.string(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to POST /api/tokens: the token itself, shown this once. */
export const apiTokenCreatedSchema = apiTokenSchema.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

/** GET /api/tokens: an admin also sees (and may create and revoke) integration accounts' tokens. */
export const apiTokenListSchema = z.object({
  data: z.array(apiTokenSchema),
  meta: z.object({
    integration_accounts: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
});
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/**
 * An integration account (ADR 0097, ADR 0104): a user with no e-mail and no password, who cannot
 * sign in and exists to own the tokens an admin makes for another system. Made by an admin in the
 * profile (POST /api/integration-accounts) or with `npm run user:create -- --integration`.
 */
export const INTEGRATION_ACCOUNT_NAME_MIN = 3;
export const INTEGRATION_ACCOUNT_NAME_MAX = 255;
export const integrationAccountCreateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(INTEGRATION_ACCOUNT_NAME_MIN, 'The name must be at least 3 characters.')
    .max(INTEGRATION_ACCOUNT_NAME_MAX),
  /** An admin account: its tokens may carry the `admin` scope. */
  admin: z.boolean().default(false),
});
export type IntegrationAccountCreate = z.input<typeof integrationAccountCreateSchema>;

export const integrationAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  admin: z.boolean(),
});
export type IntegrationAccount = z.infer<typeof integrationAccountSchema>;

export const INTEGRATION_ACCOUNT_TEXT = {
  create: 'New Integration Account',
  intro:
    'An integration account is not a person: it cannot sign in, and the changes its tokens make are recorded under its name.',
  name: 'Name',
  admin: 'May be given admin routes',
  created: 'Integration account created.',
} as const;

export const API_TOKEN_TEXT = {
  title: 'API tokens',
  intro:
    'Other systems can use the Frontage API with a token instead of your password. A token can do only what its scopes allow, and never more than you can.',
  none: 'You have no API tokens.',
  create: 'Create Token',
  name: 'Name',
  scopes: 'Scopes',
  created: 'Created',
  expires: 'Expires',
  lastUsed: 'Last used',
  never: 'Never',
  owner: 'Owner',
  me: 'Me',
  expiry: 'Expires in (days)',
  none_access: 'No access',
  read: 'Read',
  readWrite: 'Read and write',
  admin: 'Admin routes',
  shownOnce: 'Copy the token now: you will not see it again.',
  copy: 'Copy',
  copied: 'Token copied.',
  done: 'Done',
  revoke: 'Revoke',
  revokeConfirm: 'Revoke this token? Systems using it stop working at once.',
  expired: 'Expired',
  pickScope: 'Choose at least one scope.',
} as const;
