import { isAdmin, type schemeCreateSchema, type schemeUpdateSchema } from '@frontage/shared';
import type { z } from 'zod';
import * as schemes from '../../schemes/schemes.service';
import * as records from '../import-records.repository';
import { plainKey } from '../import.values';
import { companiesNamed } from './company-keys';
import type { SchemeLookups } from './schemes.check';
import type { ImportAdapter } from './types';

/**
 * Schemes: name, type, address, opened, car spaces, under construction, and the landlord and the
 * landlord's agent named by company name. A row is validated by schemeCreateSchema and
 * schemeUpdateSchema (POST and PUT /api/schemes); matched by name + town (letters and digits,
 * case aside). Writes go through the schemes service (history, derived tables by triggers). A
 * row's check is schemes.check.ts.
 */

type Body = Record<string, unknown>;

type UpdateBody = z.output<typeof schemeUpdateSchema>;

export const schemesAdapter: ImportAdapter = {
  lookup: async (db, rows): Promise<SchemeLookups> => {
    const names = rows.flatMap((r) => [r.values.landlord ?? '', r.values.landlord_agent ?? '']);
    return {
      companies: await companiesNamed(
        db,
        names.filter((n) => n.trim()),
      ),
    };
  },
  existing: async (db, keys) => {
    const wanted = new Set(keys);
    const names = [...new Set(keys.map((k) => k.slice(7).split('|')[0]!))];
    const out = new Map<string, number[]>();
    for (const s of await records.schemesByNameKeys(db, names)) {
      const key = `scheme:${s.name}|${s.town}`;
      if (wanted.has(key)) out.set(key, [...(out.get(key) ?? []), s.id]);
    }
    return out;
  },
  // An agent updates only schemes their company is the landlord or the landlord's agent of (ADR 0094).
  owned: async (db, actor, ids) => {
    if (isAdmin(actor)) return new Set(ids);
    if (actor.company_id === null) return new Set();
    return new Set(await records.schemesHeldBy(db, actor.company_id, ids));
  },
  create: async (deps, actor, payload) =>
    (await schemes.create(deps, actor, payload.create as z.output<typeof schemeCreateSchema>)).id,
  before: async (deps, id, payload) => {
    const s = await schemes.getScheme(deps.db, id);
    const out: Body = {};
    for (const k of Object.keys(payload.update as Body)) {
      if (k === 'address') {
        const a = ((payload.update as Body).address ?? {}) as Body;
        const stored = (s.address ?? {}) as Body;
        out.address = Object.fromEntries(Object.keys(a).map((f) => [f, stored[f] ?? null]));
      } else if (k === 'landlords' || k === 'landlord_agents') out[k] = (s[k] ?? []).map((c) => c.id);
      else if (k === 'opened') out.opened = s.opened_at;
      else out[k] = (s as Body)[k] ?? null;
    }
    return { update: out };
  },
  update: async (deps, actor, id, payload) => {
    const current = await schemes.getScheme(deps.db, id);
    const body = { ...(payload.update as Body) };
    // The keys the row matched by are kept as the scheme writes them.
    if (typeof body.name === 'string' && plainKey(body.name) === plainKey(current.name)) delete body.name;
    const address = body.address as Body | undefined;
    if (address && plainKey(String(address.city ?? '')) === plainKey(current.address?.city ?? '')) {
      body.address = { ...address };
      delete (body.address as Body).city;
    }
    await schemes.update(deps, actor, id, body as UpdateBody);
  },
  remove: async (deps, _actor, id) => records.deleteScheme(deps.db, id),
  markHistory: records.markSchemeHistory,
  stamp: (db, id) => records.stampOf(db, 'schemes', id),
};
