import {
  COMPANY_MESSAGES,
  domainTakenBy,
  normaliseDomain,
  parseInclude,
  type Actor,
  type Company,
  type CompanyCategory,
  type Page,
  type VerificationState,
} from '@frontage/shared';
import type { ServiceDeps } from '../../deps';
import type { Db } from '../../db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { reencodeLogo, type StoredImage } from '../../lib/images';
import { assertAdmin, assertCanEditCompany, mayCategorise } from './companies.policy';
import { logoUrl, presentCompany } from './companies.presenter';
import * as repo from './companies.repository';
import * as similarRepo from './similar-companies.repository';
import type { CompanyRow, CompanySortKey } from './companies.repository';
import { moveReferences, recordLinkEvents } from './merge.repository';
import { offsetOf, toPage } from '../../lib/page';
import { checkVersion, refusingStale, withVersion } from '../versions/versions.service';
import { recordChanges } from '../history/history.service';
import { recordCompanyChange, recordWebhookEvent } from '../webhooks/outbox.service';

export interface CompanyListInput {
  q?: string | undefined;
  page: number;
  per_page: number;
  include?: string | undefined;
  sort: `${'' | '-'}${CompanySortKey}`;
  category_id?: number | undefined;
  verification?: VerificationState | undefined;
}

export interface CompanyInput {
  name: string;
  domain: string | null;
  phone: string | null;
  categories?: number[] | undefined;
}

/** Presents rows with the relations `include` asks for (categories always: the schema has them). */
const present = async (
  db: Db,
  rows: Array<CompanyRow & { categories?: number[] }>,
  include: Set<string>,
): Promise<Company[]> => {
  const ids = rows.map((r) => r.id);
  // List rows carry their categories already (read in the page's statement).
  const known = rows.every((r) => r.categories);
  const cats = known ? undefined : await repo.categoriesOf(db, ids);
  const counts = include.has('contacts_count') ? await repo.contactsCountOf(db, ids) : undefined;
  return rows.map((r) =>
    presentCompany(r, {
      categories: r.categories ?? cats?.get(r.id) ?? [],
      scraper: include.has('scraper'),
      ...(counts ? { contactsCount: counts.get(r.id) ?? 0 } : {}),
    }),
  );
};

const presentOne = async (db: Db, row: CompanyRow, include = new Set<string>()): Promise<Company> =>
  (await present(db, [row], include))[0]!;

/** The search box orders by relevance unless the caller chose a sort (ADR 0009). */
export const list = async (
  deps: ServiceDeps,
  input: CompanyListInput,
  explicitSort: boolean,
): Promise<Page<Company>> => {
  const { rows, total } = await repo.list(
    deps.db,
    input,
    input.sort,
    !explicitSort,
    input.per_page,
    offsetOf(input.page, input.per_page),
  );
  return toPage(await present(deps.db, rows, parseInclude(input.include)), {
    total,
    page: input.page,
    perPage: input.per_page,
  });
};

const load = async (db: Db, id: number, lock = false): Promise<CompanyRow> => {
  const row = await repo.findById(db, id, lock);
  if (!row) throw new NotFoundError();
  return row;
};

export const get = async (deps: ServiceDeps, id: number, include: string | undefined): Promise<Company> =>
  withVersion('company', await presentOne(deps.db, await load(deps.db, id), parseInclude(include)));

/** The company as an edit compares it (ADR 0060). */
const current = async (db: Db, id: number): Promise<Company> => presentOne(db, await load(db, id));

export const byDomain = async (deps: ServiceDeps, raw: string): Promise<Company> => {
  const row = await repo.findByDomain(deps.db, normaliseDomain(raw));
  if (!row) throw new NotFoundError();
  return presentOne(deps.db, row);
};

/** GET /api/companies/similar: the companies a new one may duplicate (ADR 0082). */
export const similar = (
  deps: ServiceDeps,
  q: { name?: string | undefined; domain?: string | undefined; exclude_id?: number | undefined },
) =>
  similarRepo.similarCompanies(deps.db, {
    name: q.name,
    domain: q.domain ? normaliseDomain(q.domain) : null,
    excludeId: q.exclude_id,
  });

/** 422 on `domain`, naming the company that holds it (every signed-in user may read it). */
const domainTaken = async (db: Db, domain: string): Promise<ValidationError> => {
  const holder = await repo.findByDomain(db, domain);
  return ValidationError.field('domain', holder ? domainTakenBy(holder.name) : COMPANY_MESSAGES.domainTaken);
};

/** A domain belongs to one company (ADR 0072): another's is refused; only a merge moves it. */
const assertDomainFree = async (db: Db, domain: string | null, self?: number): Promise<void> => {
  if (!domain) return;
  const holder = await repo.findByDomain(db, domain);
  if (holder && holder.id !== self) throw ValidationError.field('domain', domainTakenBy(holder.name));
};

/** Runs a write; the unique index's refusal (a concurrent request took the domain) is the same 422. */
const refusingTakenDomain = async <T>(db: Db, domain: string | null, write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (err) {
    if (domain && repo.isDomainConflict(err)) throw await domainTaken(db, domain);
    throw err;
  }
};

export const categories = async (deps: ServiceDeps): Promise<CompanyCategory[]> =>
  repo.listCategories(deps.db);

/** Unknown category ids are a 422 against their position (`categories.2`). */
const checkCategories = async (db: Db, ids: number[]): Promise<void> => {
  const known = await repo.knownCategoryIds(db, ids);
  const errors: Record<string, string[]> = {};
  ids.forEach((id, i) => {
    if (!known.has(id)) errors[`categories.${i}`] = [COMPANY_MESSAGES.categoryUnknown];
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
};

const logoColumns = (img: StoredImage | null) => ({
  logo: img?.bytes ?? null,
  logo_mime: img?.mime ?? null,
  logo_etag: img?.etag ?? null,
});

/**
 * Anyone signed in may record a new company: it has no members yet, so no one owns it (ADR 0007).
 * Categories count only when an admin sends them.
 */
export const create = async (
  deps: ServiceDeps,
  actor: Actor,
  input: CompanyInput,
  logo: Buffer | null,
): Promise<Company> => {
  const cats = mayCategorise(actor) ? (input.categories ?? []) : [];
  await checkCategories(deps.db, cats);
  await assertDomainFree(deps.db, input.domain);
  const img = logo ? await reencodeLogo(logo, deps.config.uploads) : null;
  const row = await refusingTakenDomain(deps.db, input.domain, () =>
    deps.db.transaction(async (tx) => {
      const c = await repo.insertCompany(tx, {
        name: input.name,
        domain: input.domain,
        phone: input.phone,
        ...logoColumns(img),
      });
      await repo.replaceCategories(tx, c.id, cats);
      return c;
    }),
  );
  return presentOne(deps.db, row);
};

export const update = async (
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  input: CompanyInput,
  expected?: string,
): Promise<Company> => {
  await load(deps.db, id);
  assertCanEditCompany(actor, id);
  const cats = mayCategorise(actor) ? input.categories : undefined;
  if (cats) await checkCategories(deps.db, cats);
  await assertDomainFree(deps.db, input.domain, id);
  const row = await refusingTakenDomain(deps.db, input.domain, () =>
    refusingStale(
      'company',
      () =>
        deps.db.transaction(async (tx) => {
          await checkVersion(tx, 'company', id, expected, () => current(tx, id));
          const before = await repo.findById(tx, id);
          const beforeCats = cats ? (await repo.categoriesOf(tx, [id])).get(id) : undefined;
          const c = await repo.updateCompany(tx, id, {
            name: input.name,
            domain: input.domain,
            phone: input.phone,
            updated_at: deps.now(),
          });
          if (!c || !before) throw new NotFoundError();
          if (cats) await repo.replaceCategories(tx, id, cats);
          const was = {
            name: before.name,
            domain: before.domain,
            phone: before.phone,
            categories: beforeCats,
          };
          const is = { name: c.name, domain: c.domain, phone: c.phone, categories: cats };
          // Who changed what and when: the company's Activity timeline reads it (ADR 0091).
          await recordChanges(tx, {
            entity_type: 'company',
            entity_id: id,
            before: was,
            after: is,
            source: 'update',
            user: actor,
            now: deps.now(),
          });
          await recordCompanyChange(tx, id, was, is, deps.now());
          return c;
        }),
      () => current(deps.db, id),
    ),
  );
  return withVersion('company', await presentOne(deps.db, row));
};

export const setLogo = async (
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  logo: Buffer | null,
): Promise<Company> => {
  await load(deps.db, id);
  assertCanEditCompany(actor, id);
  const img = logo ? await reencodeLogo(logo, deps.config.uploads) : null;
  const row = await deps.db.transaction(async (tx) => {
    const before = await repo.findById(tx, id, true);
    const c = await repo.updateCompany(tx, id, { ...logoColumns(img), updated_at: deps.now() });
    if (!c || !before) throw new NotFoundError();
    // The wire's `logo` is a URL versioned by the image's hash: the same image again changes nothing.
    await recordCompanyChange(tx, id, { logo: logoUrl(before) }, { logo: logoUrl(c) }, deps.now());
    return c;
  });
  return presentOne(deps.db, row);
};

export const getLogo = async (deps: ServiceDeps, id: number): Promise<StoredImage> => {
  const row = await repo.findLogo(deps.db, id);
  if (!row?.logo || !row.logo_mime || !row.logo_etag) throw new NotFoundError();
  return { bytes: row.logo, mime: row.logo_mime as StoredImage['mime'], etag: row.logo_etag };
};

export const remove = async (deps: ServiceDeps, actor: Actor, id: number): Promise<void> => {
  assertAdmin(actor);
  if (!(await deps.db.transaction((tx) => dropCompany(tx, id, deps.now())))) throw new NotFoundError();
};

/**
 * Deletes a company in the caller's transaction (an admin's delete, an import's revert of its own
 * creation). The foreign keys clear it from the properties that name it (tenant, legal tenant, the
 * company lists): those properties send their webhook events as an edit would (ADR 0098).
 */
export const dropCompany = async (tx: Db, id: number, now: Date): Promise<boolean> => {
  if (!(await repo.findById(tx, id, true))) return false;
  await recordLinkEvents(tx, id, null, now);
  return repo.deleteCompany(tx, id);
};

/** Verified now; or no longer verified, keeping the date so the indicator turns orange. */
export const verify = async (
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  isVerified: boolean,
): Promise<Company> => {
  assertAdmin(actor);
  await load(deps.db, id);
  const row = await deps.db.transaction(async (tx) => {
    const before = await load(tx, id, true);
    const c = (await repo.updateCompany(tx, id, {
      is_verified: isVerified,
      ...(isVerified ? { verified_at: deps.now() } : {}),
      updated_at: deps.now(),
    }))!;
    await recordCompanyChange(tx, id, verification(before), verification(c), deps.now());
    return c;
  });
  return presentOne(deps.db, row);
};

const verification = (c: CompanyRow) => ({ is_verified: c.is_verified, verified_at: c.verified_at });

/**
 * Folds duplicate `id` into `targetId` in one transaction; `id` is removed. Its domain moves to
 * the target when the target has none (after the duplicate is gone, so the unique index never sees
 * two holders); a target with a domain keeps its own (ADR 0072).
 */
export const merge = async (
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  targetId: number,
): Promise<{ target_id: number; moved: Record<string, number> }> => {
  assertAdmin(actor);
  if (id === targetId) throw ValidationError.field('target_id', COMPANY_MESSAGES.mergeIntoSelf);
  return deps.db.transaction(async (tx) => {
    // Both rows locked in id order, so two merges of the same pair cannot deadlock.
    const [first, second] = id < targetId ? [id, targetId] : [targetId, id];
    const a = await repo.findById(tx, first, true);
    const b = await repo.findById(tx, second, true);
    const source = first === id ? a : b;
    const target = first === id ? b : a;
    if (!source) throw new NotFoundError();
    if (!target) throw ValidationError.field('target_id', COMPANY_MESSAGES.mergeTargetMissing);
    const now = deps.now();
    // Read before the references move: each property that named the duplicate sends its events.
    await recordLinkEvents(tx, id, targetId, now);
    const moved = await moveReferences(tx, id, targetId);
    const domain = target.domain ? null : source.domain;
    await repo.deleteCompany(tx, id);
    await repo.updateCompany(tx, targetId, { ...(domain ? { domain } : {}), updated_at: now });
    // The surviving company changed when it gained the duplicate's domain or categories.
    const fields = [...(domain ? ['domain'] : []), ...(moved.categories ? ['categories'] : [])];
    if (fields.length) await recordWebhookEvent(tx, 'company.updated', { id: targetId, fields }, now);
    return { target_id: targetId, moved: { ...moved, domain: domain ? 1 : 0 } };
  });
};
