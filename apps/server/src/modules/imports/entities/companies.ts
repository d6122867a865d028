import { isAdmin } from '@frontage/shared';
import * as companies from '../../companies/companies.service';
import * as records from '../import-records.repository';
import type { ImportAdapter } from './types';

/**
 * Companies: name, domain and phone, validated by the API's own schema; matched by name (its
 * match key) and by domain. Writes go through the companies service. A row's check is
 * companies.check.ts.
 */

const addTo = (map: Map<string, number[]>, key: string, id: number) => {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
};

export const companiesAdapter: ImportAdapter = {
  lookup: async () => null,
  existing: async (db, keys) => {
    const out = new Map<string, number[]>();
    const names = keys.filter((k) => k.startsWith('name:')).map((k) => k.slice(5));
    const domains = keys.filter((k) => k.startsWith('domain:')).map((k) => k.slice(7));
    for (const r of await records.companiesByNameKeys(db, names)) addTo(out, `name:${r.key}`, r.id);
    for (const r of await records.companiesByDomains(db, domains)) addTo(out, `domain:${r.domain}`, r.id);
    return out;
  },
  // The master-entity rule: an agent updates only their own company (ADR 0007, ADR 0094).
  owned: async (_db, actor, ids) =>
    new Set(isAdmin(actor) ? ids : ids.filter((id) => id === actor.company_id)),
  create: async (deps, actor, payload) =>
    (await companies.create(deps, actor, payload as unknown as companies.CompanyInput, null)).id,
  before: async (deps, id) => {
    const c = await companies.get(deps, id, undefined);
    return { name: c.name, domain: c.domain, phone: c.phone };
  },
  update: async (deps, actor, id, payload) => {
    await companies.update(deps, actor, id, payload as unknown as companies.CompanyInput);
  },
  // The importer undoes its own creation: not the admins' delete of any company (no admin check),
  // but the same deletion, so the properties that came to name it send their events.
  remove: async (deps, _actor, id) => {
    await companies.dropCompany(deps.db, id, deps.now());
  },
  stamp: (db, id) => records.stampOf(db, 'companies', id),
};
