import {
  CONTACT_MESSAGES,
  parseInclude,
  type Actor,
  type Contact,
  type Page,
  type User,
  type contactBodySchema,
} from '@frontage/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { presentUser } from '../auth/auth.presenter';
import { deleteUserSessions } from '../auth/auth.repository';
import { hasSignInMembers } from '../companies/companies.repository';
import {
  assertAccountChange,
  assertMayAttach,
  assertMayChangeAccount,
  assertMayDelete,
  assertMayEdit,
  maySetAccountFields,
} from './contacts.policy';
import { presentContact } from './contacts.presenter';
import * as repo from './contacts.repository';
import * as similarRepo from './similar-contacts.repository';
import type { ContactListRow, ContactSortKey } from './contacts.repository';
import { offsetOf, toPage } from '../../lib/page';
import { checkVersion, refusingStale, withVersion } from '../versions/versions.service';
import { recordChanges } from '../history/history.service';

export type ContactBody = z.output<typeof contactBodySchema>;

export interface ContactListInput {
  q?: string | undefined;
  page: number;
  per_page: number;
  include?: string | undefined;
  company_id?: number | undefined;
  sort: `${'' | '-'}${ContactSortKey}`;
}

/** The page's contacts; their company's summary (joined by the repository) when asked for. */
const present = (rows: ContactListRow[], withCompany: boolean): User[] =>
  rows.map((r) => presentUser(r.user, r.settings ?? undefined, withCompany ? r.company : undefined));

/**
 * One contact as `viewer` may read it, with its version (ADR 0060). The version is the same for
 * every reader: none of the fields it digests is an account field (ADR 0073).
 */
const presentOne = (viewer: Actor, row: ContactListRow, withCompany: boolean): Contact =>
  presentContact(viewer, withVersion('contact', present([row], withCompany)[0]!));

const load = async (db: Db, id: number) => {
  const row = await repo.findById(db, id);
  if (!row) throw new NotFoundError();
  return row;
};

export const list = async (
  deps: ServiceDeps,
  viewer: Actor,
  input: ContactListInput,
  explicitSort: boolean,
): Promise<Page<Contact>> => {
  const { rows, total } = await repo.list(
    deps.db,
    input,
    input.sort,
    !explicitSort,
    input.per_page,
    offsetOf(input.page, input.per_page),
  );
  const users = present(rows, parseInclude(input.include).has('company'));
  return toPage(
    users.map((u) => presentContact(viewer, u)),
    {
      total,
      page: input.page,
      perPage: input.per_page,
    },
  );
};

/** GET /api/users/similar: the contacts of a company a new one may duplicate (ADR 0082). */
export const similar = (
  deps: ServiceDeps,
  q: { name: string; company_id?: number | undefined; exclude_id?: number | undefined },
) => similarRepo.similarContacts(deps.db, { name: q.name, companyId: q.company_id, excludeId: q.exclude_id });

export const get = async (
  deps: ServiceDeps,
  viewer: Actor,
  id: number,
  include: string | undefined,
): Promise<Contact> => presentOne(viewer, await load(deps.db, id), parseInclude(include).has('company'));

/** The contact as an edit by `viewer` compares it, and as a 412 shows it to them (ADR 0060). */
const current = async (db: Db, viewer: Actor, id: number): Promise<Contact> =>
  presentContact(viewer, present([await load(db, id)], false)[0]!);

/** 422 on company_id when the company does not exist; 403 when the actor may not add contacts to it. */
const checkCompany = async (db: Db, actor: Actor, companyId: number | null): Promise<void> => {
  if (companyId !== null && !(await repo.companyExists(db, companyId))) {
    throw ValidationError.field('company_id', CONTACT_MESSAGES.companyMissing);
  }
  assertMayAttach(actor, companyId, companyId !== null && (await hasSignInMembers(db, companyId)));
};

/** The unique index on lower(email) is the last word when two requests race. */
const isEmailConflict = (err: unknown): boolean => {
  for (
    let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (
      e.code === '23505' &&
      (e.constraint === 'users_email_lower_unique' || /users_email_lower_unique/.test(e.message ?? ''))
    ) {
      return true;
    }
  }
  return false;
};

const emailTakenError = () => ValidationError.field('email', CONTACT_MESSAGES.emailTaken);

/**
 * The admin-only columns of a write (ADR 0065); `contact` is the row being changed (none on
 * create). `signOut` says the user's sessions go in the same transaction as the row.
 */
const accountFields = async (
  deps: ServiceDeps,
  actor: Actor,
  body: ContactBody,
  contact?: { id: number; password_hash: string | null },
) => {
  if (!maySetAccountFields(actor)) return { values: {}, signOut: false };
  assertAccountChange(
    actor,
    { id: contact?.id ?? null, can_sign_in: (contact?.password_hash ?? null) !== null },
    body,
  );
  const signOut = body.can_sign_in === false;
  return {
    values: {
      ...(body.type ? { type: body.type } : {}),
      // A temporary password: the contact can sign in and is asked to change it.
      ...(body.password
        ? { password_hash: await hashPassword(body.password, deps.config.scryptCost), is_temp: true }
        : {}),
      ...(signOut ? { password_hash: null, is_temp: false } : {}),
    },
    signOut,
  };
};

export const create = async (deps: ServiceDeps, actor: Actor, body: ContactBody): Promise<Contact> => {
  await checkCompany(deps.db, actor, body.company_id);
  if (await repo.emailTaken(deps.db, body.email)) throw emailTakenError();
  const { values: extra } = await accountFields(deps, actor, body);
  try {
    const user = await deps.db.transaction((tx) =>
      repo.insertContact(tx, {
        company_id: body.company_id,
        name: body.name,
        email: body.email,
        direct_dial: body.direct_dial,
        mobile: body.mobile,
        ...extra,
      }),
    );
    return get(deps, actor, user.id, 'company');
  } catch (err) {
    if (isEmailConflict(err)) throw emailTakenError();
    throw err;
  }
};

export const update = async (
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  body: ContactBody,
  include?: string,
  expected?: string,
): Promise<Contact> => {
  const { user } = await load(deps.db, id);
  assertMayEdit(actor, user);
  assertMayChangeAccount(actor, { ...user, can_sign_in: user.password_hash !== null }, body);
  if (body.company_id !== user.company_id) await checkCompany(deps.db, actor, body.company_id);
  if (await repo.emailTaken(deps.db, body.email, id)) throw emailTakenError();
  const { values: extra, signOut } = await accountFields(deps, actor, body, user);
  try {
    await refusingStale(
      'contact',
      () =>
        deps.db.transaction(async (tx) => {
          await checkVersion(tx, 'contact', id, expected, () => current(tx, actor, id));
          const fields = {
            company_id: body.company_id,
            name: body.name,
            email: body.email,
            direct_dial: body.direct_dial,
            mobile: body.mobile,
          };
          await repo.updateContact(tx, id, { ...fields, ...extra, updated_at: deps.now() });
          // The contact's own fields, never the account's (ADR 0073): their Activity timeline reads it (ADR 0091).
          await recordChanges(tx, {
            entity_type: 'user',
            entity_id: id,
            before: {
              company_id: user.company_id,
              name: user.name,
              email: user.email,
              direct_dial: user.direct_dial,
              mobile: user.mobile,
            },
            after: fields,
            source: 'update',
            user: actor,
            now: deps.now(),
          });
          if (signOut) await deleteUserSessions(tx, id);
        }),
      () => current(deps.db, actor, id),
    );
  } catch (err) {
    if (isEmailConflict(err)) throw emailTakenError();
    throw err;
  }
  return get(deps, actor, id, include ?? 'company');
};

export const remove = async (deps: ServiceDeps, actor: Actor, id: number): Promise<void> => {
  assertMayDelete(actor, id);
  if (!(await repo.deleteContact(deps.db, id))) throw new NotFoundError();
};
