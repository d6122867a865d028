import { PASSWORD_MIN, integrationAccountCreateSchema, type User } from '@frontage/shared';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { ValidationError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import * as repo from './auth.repository';
import { loadUserDto } from './auth.service';

export const accountInputSchema = z.object({
  email: z.string().trim().email('The email must be a valid email address.'),
  name: z.string().trim().min(3, 'The name must be at least 3 characters.').max(255),
  password: z.string().min(PASSWORD_MIN, `The password must be at least ${PASSWORD_MIN} characters.`),
  admin: z.boolean().default(false),
  company: z.string().trim().min(1).optional(),
  /** Mark the password temporary (the user is asked to change it). */
  temp: z.boolean().default(false),
});
export type AccountInput = z.input<typeof accountInputSchema>;

/** Creates a user who can sign in (used by `npm run user:create`); finds or creates the company by name. */
export const createAccount = async (deps: ServiceDeps, input: AccountInput): Promise<User> => {
  const parsed = accountInputSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const i of parsed.error.issues) (errors[i.path.join('.') || '_'] ??= []).push(i.message);
    throw new ValidationError(errors);
  }
  const body = parsed.data;
  if (await repo.findUserByEmail(deps.db, body.email)) {
    throw ValidationError.field('email', 'A user with this e-mail address already exists.');
  }
  const password_hash = await hashPassword(body.password, deps.config.scryptCost);
  const user = await deps.db.transaction(async (tx) => {
    const companyId = body.company ? await repo.findOrCreateCompanyByName(tx, body.company) : null;
    const u = await repo.insertUser(tx, {
      email: body.email,
      name: body.name,
      password_hash,
      type: body.admin ? 'admin' : 'user',
      is_temp: body.temp,
      company_id: companyId,
    });
    await repo.insertDefaultSettings(tx, u.id);
    return u;
  });
  return loadUserDto(deps, user, true);
};

/**
 * Creates an integration account (ADR 0097): a user with no e-mail and no password, who cannot
 * sign in and exists to own the API tokens an admin makes for another system.
 */
export const createIntegrationAccount = async (
  deps: ServiceDeps,
  input: z.input<typeof integrationAccountCreateSchema>,
): Promise<User> => {
  const parsed = integrationAccountCreateSchema.safeParse(input);
  if (!parsed.success) throw ValidationError.field('name', parsed.error.issues[0]!.message);
  const user = await deps.db.transaction(async (tx) => {
    const u = await repo.insertUser(tx, {
      name: parsed.data.name,
      email: null,
      password_hash: null,
      type: parsed.data.admin ? 'admin' : 'user',
      is_integration: true,
    });
    await repo.insertDefaultSettings(tx, u.id);
    return u;
  });
  return loadUserDto(deps, user, false);
};
