import type { propertyUpdateSchema } from '@frontage/shared';
import { AREA_KEYS, M_PER_FT, SQFT_PER_SQM, isAdmin, isLengthArea } from '@frontage/shared';
import type { z } from 'zod';
import { createStandaloneMany } from '../../properties/bulk-create.service';
import * as properties from '../../properties/properties.service';
import * as records from '../import-records.repository';
import { postCodeKey, streetKey, unitKey } from '../import.values';
import { companiesNamed } from './company-keys';
import type { PropertyLookups } from './properties.check';
import { propertiesByKeys } from './property-keys';
import type { ImportAdapter } from './types';

/**
 * Properties (standalone units): address, areas with their unit, lease dates, rent, the tenant
 * and landlord named by company name, and the seven lease terms (ADR 0086: codes or labels). A
 * row is validated by propertyCreateSchema (create) and propertyUpdateSchema (the same row as an
 * update: only the cells that have a value change the unit). Matched by unit + street + post
 * code, normalised ("Unit 4" = "4", "LS1 6AL" = "ls16al"). Writes go through the properties
 * service (history, derived tables by triggers). A row's check is properties.check.ts.
 */

type Body = Record<string, unknown>;

/** The update's areas in the unit the property is stored in. */
const inUnit = (b: Body, from: string, to: string): Body => {
  if (from === to) return b;
  const out = { ...b };
  for (const k of AREA_KEYS) {
    const v = b[k];
    if (typeof v !== 'number') continue;
    const factor = isLengthArea(k) ? 1 / M_PER_FT : SQFT_PER_SQM;
    out[k] = Math.round((from === 'sqm' ? v * factor : v / factor) * 100) / 100;
  }
  return out;
};

type UpdateBody = z.output<typeof propertyUpdateSchema>;

export const propertiesAdapter: ImportAdapter = {
  lookup: async (db, rows): Promise<PropertyLookups> => {
    const names = rows
      .flatMap((r) => [r.values.tenant ?? '', r.values.landlord ?? ''])
      .filter((n) => n.trim());
    return { companies: await companiesNamed(db, names) };
  },
  existing: propertiesByKeys,
  // An agent updates only units their company holds or acts for (ADR 0094).
  owned: async (db, actor, ids) => {
    if (isAdmin(actor)) return new Set(ids);
    if (actor.company_id === null) return new Set();
    return new Set(await records.propertiesHeldBy(db, actor.company_id, ids));
  },
  create: async (deps, actor, payload) => {
    const id = (await properties.createStandalone(deps, actor, payload.create as never)).id;
    return id;
  },
  createMany: (deps, actor, payloads, importId) =>
    createStandaloneMany(
      deps,
      actor,
      payloads.map((p) => p.create as never),
      importId,
    ),
  before: async (deps, id, payload) => {
    const p = await properties.getProperty(deps.db, id);
    const body = payload.update as Body;
    const out: Body = {};
    for (const k of Object.keys(body)) {
      if (k === 'address') {
        const a = (body.address ?? {}) as Body;
        const stored = (p.address ?? {}) as Body;
        out.address = Object.fromEntries(Object.keys(a).map((f) => [f, stored[f] ?? null]));
      } else if (k === 'company_id') out.company_id = p.tenant_id;
      else if (k === 'landlords') out.landlords = (p.landlords ?? []).map((c) => c.id);
      else out[k] = (p as Body)[k] ?? null;
    }
    // The areas are restored in the unit they were stored in.
    return { update: out, unit: p.area_size_type };
  },
  update: async (deps, actor, id, payload) => {
    const current = await properties.getProperty(deps.db, id);
    const body = inUnit(payload.update as Body, String(payload.unit), current.area_size_type);
    // The keys the row matched by are kept as the unit writes them ("Unit 4" stays, not "4").
    if (unitKey(String(body.building_num ?? '')) === unitKey(current.building_num ?? ''))
      delete body.building_num;
    const address = body.address as Body | undefined;
    if (address && current.address) {
      const a = { ...address };
      if (streetKey(String(a.street ?? '')) === streetKey(current.address.street ?? '')) delete a.street;
      if (postCodeKey(String(a.post_code ?? '')) === postCodeKey(current.address.post_code ?? ''))
        delete a.post_code;
      body.address = a;
    }
    await properties.update(deps, actor, id, body as UpdateBody);
  },
  remove: async (deps, _actor, id) => records.deleteProperty(deps.db, id),
  markHistory: records.markHistory,
  stamp: (db, id) => records.stampOf(db, 'properties', id),
};
