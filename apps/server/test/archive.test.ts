/**
 * Archiving properties and schemes (ADR 0078): DELETE archives with a reason,
 * POST …/restore brings the record back; the owner company (its creator's) or an admin; an
 * archived record leaves the lists, exports, searches, the map, comparables, matching and gap
 * analysis, stays readable by id with its deals and history, takes no deal; a scheme's live units
 * leave and come back with it. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetData, tableFingerprint, type TestApp } from './helpers';
import {
  LEEDS_BOX,
  archiveHistory,
  buildArchiveWorld,
  expectDerivedAsRebuilt,
  type ArchiveWorld,
} from './archive.fixtures';

const NOW = new Date('2026-06-15T12:00:00Z');
let clock = NOW;
let t: TestApp;
let w: ArchiveWorld;

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(() => t.close());
beforeEach(async () => {
  clock = NOW;
  await resetData();
  w = await buildArchiveWorld(t);
});

/** Archives with this reason (default 'Demolished'); `null` sends no body, an object sends itself. */
const archive = (
  kind: 'properties' | 'schemes',
  id: number,
  cookie: string,
  reason: unknown = 'Demolished',
) =>
  w.call(
    'DELETE',
    `/api/${kind}/${id}`,
    cookie,
    reason === null ? undefined : typeof reason === 'object' ? (reason as object) : { reason },
  );
const restore = (kind: 'properties' | 'schemes', id: number, cookie: string) =>
  w.call('POST', `/api/${kind}/${id}/restore`, cookie);
const ok = async (url: string, cookie = w.cookies.owner) => {
  const res = await w.call('GET', url, cookie);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res;
};
const ids = async (url: string, cookie = w.cookies.owner) =>
  ((await ok(url, cookie)).json().data as Array<{ id: number }>).map((r) => r.id).sort((a, b) => a - b);
const total = async (url: string, cookie = w.cookies.owner) =>
  (await ok(url, cookie)).json().meta.pagination.total as number;

describe('DELETE /api/properties/{id} and POST …/restore', () => {
  it('needs a reason: none, blank or too long is a 422 on reason, and nothing is written', async () => {
    const before = await tableFingerprint();
    for (const reason of [null, {}, '', '   ', 'x'.repeat(1001), 42]) {
      const res = await archive('properties', w.vacant.id, w.cookies.owner, reason);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['reason']);
    }
    expect(await tableFingerprint()).toEqual(before);
  });

  it('archives (never deletes) with who, when and why, readable by id with its deals and history; restore brings it back', async () => {
    const res = await archive('properties', w.let_.id, w.cookies.colleague, '  Demolished in 2026  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      msg: 'The property has been archived.',
      data: {
        id: w.let_.id,
        archived_at: NOW.toISOString(),
        archived_by: { id: w.users.colleague.id, name: 'Colin Colleague' },
        archive_reason: 'Demolished in 2026',
      },
    });
    const read = (await ok(`/api/properties/${w.let_.id}`, w.cookies.stranger)).json().data;
    expect(read).toMatchObject({
      archived_at: NOW.toISOString(),
      archived_by: { id: w.users.colleague.id, name: 'Colin Colleague' },
      archive_reason: 'Demolished in 2026',
      owner_company_id: w.companies.ownerCo.id,
      rent_pa: '30000.00',
    });
    expect((await ok(`/api/deals/${w.deal.id}`)).json().data.id).toBe(w.deal.id);
    expect(await total(`/api/properties/${w.let_.id}/history`)).toBeGreaterThan(0);
    expect(await archiveHistory(t.db, 'property', w.let_.id)).toEqual([
      {
        field: 'archived',
        old_value: false,
        new_value: true,
        source: 'archive',
        user_id: w.users.colleague.id,
      },
      {
        field: 'archive_reason',
        old_value: null,
        new_value: 'Demolished in 2026',
        source: 'archive',
        user_id: w.users.colleague.id,
      },
    ]);
    // Archiving it again, or restoring a live record, is a conflict that writes nothing.
    const before = await tableFingerprint();
    expect((await archive('properties', w.let_.id, w.cookies.owner)).statusCode).toBe(409);
    expect((await restore('properties', w.vacant.id, w.cookies.owner)).statusCode).toBe(409);
    expect(await tableFingerprint()).toEqual(before);

    clock = new Date(NOW.getTime() + 60_000);
    const back = await restore('properties', w.let_.id, w.cookies.admin);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({
      msg: 'The property has been restored.',
      data: { archived_at: null, archived_by: null, archive_reason: null },
    });
    expect((await archiveHistory(t.db, 'property', w.let_.id)).slice(2)).toEqual([
      { field: 'archived', old_value: true, new_value: false, source: 'restore', user_id: w.users.admin.id },
      {
        field: 'archive_reason',
        old_value: 'Demolished in 2026',
        new_value: null,
        source: 'restore',
        user_id: w.users.admin.id,
      },
    ]);
    await expectDerivedAsRebuilt(t.db);
  });

  it('is for the owner company or an admin: anyone else is refused with nothing written', async () => {
    const before = await tableFingerprint();
    for (const cookie of [w.cookies.stranger, w.cookies.loner]) {
      expect((await archive('properties', w.vacant.id, cookie)).statusCode).toBe(403);
      expect((await archive('schemes', w.scheme.id, cookie)).statusCode).toBe(403);
    }
    expect((await archive('properties', 999_999, w.cookies.admin)).statusCode).toBe(404);
    expect(await tableFingerprint()).toEqual(before);

    expect((await archive('properties', w.vacant.id, w.cookies.admin)).statusCode).toBe(200);
    expect((await archive('schemes', w.scheme.id, w.cookies.colleague)).statusCode).toBe(200);
    const archived = await tableFingerprint();
    for (const cookie of [w.cookies.stranger, w.cookies.loner]) {
      expect((await restore('properties', w.vacant.id, cookie)).statusCode).toBe(403);
      expect((await restore('schemes', w.scheme.id, cookie)).statusCode).toBe(403);
    }
    expect(await tableFingerprint()).toEqual(archived);
  });

  it('takes no deal: a deal on an archived property or scheme is a 422 that writes nothing', async () => {
    await archive('properties', w.vacant.id, w.cookies.owner);
    await archive('schemes', w.scheme.id, w.cookies.owner);
    const before = await tableFingerprint();
    const onProperty = await w.call('POST', '/api/deals', w.cookies.owner, {
      deal_type: 'new_letting',
      property_id: w.vacant.id,
      tenant_id: w.companies.retailer.id,
      rent_pa: '40000',
    });
    expect(onProperty.statusCode, onProperty.body).toBe(422);
    expect(onProperty.json().errors).toEqual({
      property_id: ['This property is archived: restore it before recording a deal.'],
    });
    const onScheme = await w.call('POST', '/api/deals', w.cookies.owner, {
      deal_type: 'sale',
      scheme_id: w.scheme.id,
      sale_price: '1000000',
    });
    expect(onScheme.statusCode, onScheme.body).toBe(422);
    expect(onScheme.json().errors).toEqual({
      scheme_id: ['This scheme is archived: restore it before recording a deal.'],
    });
    const onUnit = await w.call('POST', '/api/deals', w.cookies.owner, {
      deal_type: 'rent_review',
      property_id: w.unitA.id,
      rent_pa: '40000',
    });
    expect(onUnit.statusCode, onUnit.body).toBe(422);
    expect(await tableFingerprint()).toEqual(before);
  });
});

describe('an archived property leaves every list, search, the map, comparables, matching and gap analysis', () => {
  /** What each reader shows of the two standalone units. */
  const seen = async () => {
    const csv = (await ok('/api/properties/export')).body;
    const points = (await ok(`/api/map/points?bbox=${LEEDS_BOX}`)).json().data as Array<{
      kind: string;
      id: number;
    }>;
    const clusters = (await ok(`/api/map/clusters?bbox=${LEEDS_BOX}&zoom=3`)).json().data as Array<{
      count: number;
    }>;
    clock = new Date(clock.getTime() + 61_000); // past the heat layer's cache
    const heat = (await ok('/api/map/heat?bbox=-3,50,1,55&zoom=6')).json().data as Array<{ count: number }>;
    const comparables = (await ok('/api/deals/comparables?town=Leeds')).json().data as Array<{
      deal_id: number;
    }>;
    const gap = (await ok(`/api/reports/gap-analysis?company_id=${w.companies.retailer.id}`)).json()
      .data as Array<{
      units: number;
      available_units: Array<{ property_id: number }>;
    }>;
    return {
      list: await ids('/api/properties?per_page=100'),
      total: await total('/api/properties'),
      byTown: await ids('/api/properties?town=Leeds&sort=town'),
      mine: await ids('/api/properties?mine=1'),
      oldestFirst: await ids('/api/properties?sort=updated_at'),
      export: [w.let_.id, w.vacant.id].filter((id) => csv.split('\n').some((l) => l.startsWith(`${id},`))),
      typeahead: await ids('/api/properties/simple?q=briggate'),
      typeaheadEmpty: await ids('/api/properties/simple'),
      points: points
        .filter((p) => p.kind === 'property')
        .map((p) => p.id)
        .sort((a, b) => a - b),
      clustered: clusters.reduce((n, c) => n + c.count, 0),
      heat: heat.reduce((n, c) => n + c.count, 0),
      comparables: comparables.map((c) => c.deal_id),
      matches: await ids(`/api/enquiries/${w.enquiry.id}/matches`),
      gap: gap.flatMap((p) => p.available_units.map((u) => u.property_id)).sort((a, b) => a - b),
    };
  };

  it('archiving takes it out, restoring brings it back, and the derived tables equal their rebuild', async () => {
    const live = await seen();
    const units = [w.unitA.id, w.unitB.id];
    const all = [w.let_.id, w.vacant.id, ...units];
    expect(live).toEqual({
      list: all,
      total: 4,
      byTown: all,
      mine: [w.let_.id, w.vacant.id],
      oldestFirst: all,
      export: [w.let_.id, w.vacant.id],
      typeahead: [w.let_.id, w.vacant.id],
      typeaheadEmpty: all,
      points: all,
      clustered: 5,
      heat: 2,
      comparables: [w.deal.id],
      matches: [w.vacant.id, ...units],
      gap: [w.vacant.id, ...units],
    });

    for (const id of [w.let_.id, w.vacant.id])
      expect((await archive('properties', id, w.cookies.owner)).statusCode).toBe(200);
    await expectDerivedAsRebuilt(t.db);
    expect(await seen()).toEqual({
      list: units,
      total: 2,
      byTown: units,
      mine: [],
      oldestFirst: units,
      export: [],
      typeahead: [],
      typeaheadEmpty: units,
      points: units,
      clustered: 3,
      heat: 0,
      comparables: [],
      matches: units,
      // Its peer's only unit left with it: Leeds is no longer a gap.
      gap: [],
    });

    for (const id of [w.let_.id, w.vacant.id])
      expect((await restore('properties', id, w.cookies.owner)).statusCode).toBe(200);
    await expectDerivedAsRebuilt(t.db);
    expect(await seen()).toEqual(live);
  });
});

describe('DELETE /api/schemes/{id}: the scheme and its live units', () => {
  it('archives the units with it and restores those units (not one archived before) with it', async () => {
    expect((await archive('properties', w.unitB.id, w.cookies.owner, 'Merged into Unit 1')).statusCode).toBe(
      200,
    );
    const res = await archive('schemes', w.scheme.id, w.cookies.owner, 'Closed for redevelopment');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      archive_reason: 'Closed for redevelopment',
      archived_by: { id: w.users.owner.id, name: 'Olive Owner' },
    });
    // Its view still lists what it held.
    expect(res.json().data.properties.map((u: { id: number }) => u.id)).toEqual([w.unitA.id, w.unitB.id]);
    expect((await ok(`/api/properties/${w.unitA.id}`)).json().data.archive_reason).toBe(
      'Closed for redevelopment',
    );
    expect(await ids('/api/schemes')).toEqual([]);
    expect(await ids('/api/schemes?q=trinity')).toEqual([]);
    expect((await ok('/api/schemes/export')).body).not.toContain('Trinity Leeds');
    expect(await ids('/api/properties?per_page=100')).toEqual([w.let_.id, w.vacant.id]);
    const points = (await ok(`/api/map/points?bbox=${LEEDS_BOX}`)).json().data as Array<{ kind: string }>;
    expect(points.filter((p) => p.kind === 'scheme')).toEqual([]);
    expect((await ok(`/api/map/clusters?bbox=${LEEDS_BOX}&zoom=3`)).json().data[0].count).toBe(2);
    await expectDerivedAsRebuilt(t.db);

    // No unit comes back while its scheme is archived; none is added to it or moved into it.
    const before = await tableFingerprint();
    const unitBack = await restore('properties', w.unitA.id, w.cookies.owner);
    expect(unitBack.statusCode, unitBack.body).toBe(422);
    expect(unitBack.json().errors).toEqual({
      scheme_id: ['Its scheme is archived: restore the scheme first.'],
    });
    const added = await w.call('POST', `/api/schemes/${w.scheme.id}/properties`, w.cookies.owner, {
      building_num: 'Unit 3',
    });
    expect(added.statusCode, added.body).toBe(422);
    const moved = await w.call('PUT', `/api/properties/${w.vacant.id}`, w.cookies.owner, {
      scheme_id: w.scheme.id,
    });
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json().errors).toEqual({
      scheme_id: ['The selected scheme is archived: restore it first.'],
    });
    expect(await tableFingerprint()).toEqual(before);

    const back = await restore('schemes', w.scheme.id, w.cookies.admin);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.properties.map((u: { id: number }) => u.id)).toEqual([w.unitA.id]);
    expect(await ids('/api/schemes')).toEqual([w.scheme.id]);
    expect(await ids('/api/properties?per_page=100')).toEqual([w.let_.id, w.vacant.id, w.unitA.id]);
    expect((await ok(`/api/properties/${w.unitB.id}`)).json().data.archive_reason).toBe('Merged into Unit 1');
    expect((await archiveHistory(t.db, 'property', w.unitA.id)).map((h) => `${h.source} ${h.field}`)).toEqual(
      ['archive archived', 'archive archive_reason', 'restore archived', 'restore archive_reason'],
    );
    await expectDerivedAsRebuilt(t.db);
  });
});

describe('the admins’ Archived filter', () => {
  beforeEach(async () => {
    await archive('properties', w.vacant.id, w.cookies.owner);
    await archive('schemes', w.scheme.id, w.cookies.owner);
  });

  it('shows archived records only, or includes them, on both lists and their exports', async () => {
    const admin = w.cookies.admin;
    expect(await ids('/api/properties?archived=only', admin)).toEqual([w.vacant.id, w.unitA.id, w.unitB.id]);
    expect(await total('/api/properties?archived=only', admin)).toBe(3);
    expect(await ids('/api/properties?archived=include', admin)).toEqual([
      w.let_.id,
      w.vacant.id,
      w.unitA.id,
      w.unitB.id,
    ]);
    expect(await total('/api/properties?archived=include', admin)).toBe(4);
    expect(await ids('/api/properties', admin)).toEqual([w.let_.id]);
    const listed = (await ok('/api/properties?archived=only', admin)).json().data[0];
    expect(listed.archive_reason).toBe('Demolished');
    const csv = await ok('/api/properties/export?archived=include', admin);
    expect(csv.headers['x-total-count']).toBe('4');
    expect(await ids('/api/schemes?archived=only', admin)).toEqual([w.scheme.id]);
    expect(await ids('/api/schemes?archived=include', admin)).toEqual([w.scheme.id]);
    expect((await ok('/api/schemes/export?archived=only', admin)).body).toContain('Trinity Leeds');
  });

  it('is refused to everyone else (403), and an unknown value is a 422', async () => {
    for (const url of [
      '/api/properties?archived=only',
      '/api/properties?archived=include',
      '/api/properties/export?archived=only',
      '/api/schemes?archived=only',
      '/api/schemes/export?archived=include',
    ])
      expect((await w.call('GET', url, w.cookies.owner)).statusCode, url).toBe(403);
    const bad = await w.call('GET', '/api/properties?archived=all', w.cookies.admin);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['archived']);
  });
});

describe('archiving racing an edit and a deal on the same property', () => {
  it('they apply one after the other: a deal either precedes the archive or is refused', async () => {
    for (let round = 0; round < 3; round++) {
      const [archived, edited, dealt] = await Promise.all([
        archive('properties', w.vacant.id, w.cookies.owner, `Round ${round}`),
        w.call('PUT', `/api/properties/${w.vacant.id}`, w.cookies.colleague, { planning: `E${round}` }),
        w.call('POST', '/api/deals', w.cookies.colleague, {
          deal_type: 'rent_review',
          property_id: w.vacant.id,
          effective_date: '2026-06-01',
          rent_pa: String(50_000 + round),
        }),
      ]);
      expect(archived.statusCode, archived.body).toBe(200);
      expect(edited.statusCode, edited.body).toBe(200);
      const read = (await ok(`/api/properties/${w.vacant.id}`)).json().data;
      expect(read.planning).toBe(`E${round}`);
      expect(read.archive_reason).toBe(`Round ${round}`);
      if (dealt.statusCode === 201) expect(read.rent_pa).toBe(`${50_000 + round}.00`);
      else {
        expect(dealt.statusCode, dealt.body).toBe(422);
        expect(dealt.json().errors).toHaveProperty('property_id');
      }
      await expectDerivedAsRebuilt(t.db);
      expect((await restore('properties', w.vacant.id, w.cookies.owner)).statusCode).toBe(200);
    }
  });

  it('a scheme archived while a deal is recorded on its unit and the unit is restored: no deadlock, one order', async () => {
    await archive('properties', w.unitB.id, w.cookies.owner);
    const [archived, dealt, restored] = await Promise.all([
      archive('schemes', w.scheme.id, w.cookies.owner, 'Closed'),
      w.call('POST', '/api/deals', w.cookies.colleague, {
        deal_type: 'rent_review',
        property_id: w.unitA.id,
        effective_date: '2026-06-01',
        rent_pa: '61000',
      }),
      restore('properties', w.unitB.id, w.cookies.owner),
    ]);
    expect(archived.statusCode, archived.body).toBe(200);
    expect([201, 422]).toContain(dealt.statusCode);
    expect([200, 422]).toContain(restored.statusCode);
    // Every unit of the scheme is archived in the end: with it, or before it and left so.
    const units = (await ok(`/api/schemes/${w.scheme.id}`)).json().data.properties as Array<{ id: number }>;
    for (const u of units)
      expect((await ok(`/api/properties/${u.id}`)).json().data.archived_at, String(u.id)).not.toBeNull();
    await expectDerivedAsRebuilt(t.db);
  });
  it('a scheme restored while one of its units is restored on its own: no deadlock, the unit ends live', async () => {
    for (let round = 0; round < 3; round++) {
      expect((await archive('schemes', w.scheme.id, w.cookies.owner, `Round ${round}`)).statusCode).toBe(200);
      const [scheme, unit] = await Promise.all([
        restore('schemes', w.scheme.id, w.cookies.owner),
        restore('properties', w.unitA.id, w.cookies.colleague),
      ]);
      expect(scheme.statusCode, scheme.body).toBe(200);
      // Before the scheme: its scheme is archived (422); after it: already live (409).
      expect([409, 422]).toContain(unit.statusCode);
      expect((await ok(`/api/properties/${w.unitA.id}`)).json().data.archived_at).toBeNull();
    }
    await expectDerivedAsRebuilt(t.db);
  });
});
