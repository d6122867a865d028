/**
 * Matching (ADR 0053): GET /api/enquiries/{id}/matches on seeded units — size on
 * each measure (a unit in sq m too), rent, vacancy, lease end and break inside / outside the
 * 12 months, scheme / town / radius — and GET /api/properties/{id}/enquiry-matches.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  XHR,
  buildCompany,
  buildTestApp,
  buildUser,
  resetData,
  sessionCookie,
  type TestApp,
} from './helpers';
import { buildMatchEnquiry, buildMatchScheme, buildUnit, NOW } from './enquiry-matches.fixtures';

const PW = 'matching-password-1';
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW });
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetData();
  const user = await buildUser({ email: 'agent@matching.test', password: PW });
  cookie = await sessionCookie(t.app, user);
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { ...XHR, cookie } });
const ids = (res: { json: () => { data: Array<{ id: number }> } }) => res.json().data.map((r) => r.id);

/** A let unit in Leeds the enquiries are made on (never a match itself). */
const subjectUnit = async () => {
  const tenant = await buildCompany({ name: 'Boots' });
  return buildUnit({ tenant_id: tenant.id, nia_sqrt: '1500', lease_end_date: '2031-01-01' });
};

describe('GET /api/enquiries/{id}/matches', () => {
  it('finds the available units of the town whose size and rent fit, ranked', async () => {
    const tenant = await buildCompany({ name: 'Greggs' });
    const subject = await subjectUnit();
    const enquiry = await buildMatchEnquiry({
      property_id: subject.id,
      company_id: tenant.id,
      size_from: '1000',
      size_to: '2000',
      rent_from: '10000',
      rent_to: '50000',
    });
    const let_ = { tenant_id: tenant.id, nia_sqrt: '1500' };
    const vacantMid = await buildUnit({ nia_sqrt: '1500', rent_pa: '30000' });
    const vacantEdge = await buildUnit({ nia_sqrt: '1950' });
    const sqm = await buildUnit({ nia_sqrt: '140', area_size_type: 'sqm' }); // 1,506.95 sq ft
    const breakSoon = await buildUnit({ ...let_, lease_end_date: '2032-01-01', break_date: '2026-12-01' });
    const ends11 = await buildUnit({ ...let_, lease_end_date: '2027-05-15' });
    const ends13 = await buildUnit({ ...let_, lease_end_date: '2027-07-15' });
    const ended = await buildUnit({ ...let_, lease_end_date: '2026-01-01' });
    const letNoDates = await buildUnit({ ...let_ });
    const small = await buildUnit({ nia_sqrt: '900' });
    const smallSqm = await buildUnit({ nia_sqrt: '100', area_size_type: 'sqm' }); // 1,076 sq ft: in
    const tinySqm = await buildUnit({ nia_sqrt: '80', area_size_type: 'sqm' }); // 861 sq ft: out
    const noArea = await buildUnit({});
    const dear = await buildUnit({ nia_sqrt: '1500', rent_pa: '60000' });
    const cheap = await buildUnit({ nia_sqrt: '1500', rent_pa: '9000' });
    const euros = await buildUnit({ nia_sqrt: '1500', rent_pa: '90000', currency: 'EUR' });
    const elsewhere = await buildUnit({ nia_sqrt: '1500', city: 'Bradford' });
    const upperCase = await buildUnit({ nia_sqrt: '1500', city: 'LEEDS' });

    const res = await get(`/api/enquiries/${enquiry.id}/matches`);
    expect(res.statusCode, res.body).toBe(200);
    // Vacant first (nearest the middle of 1,000–2,000 first), then the soonest to free.
    expect(ids(res)).toEqual([
      vacantMid.id,
      euros.id,
      upperCase.id,
      sqm.id,
      smallSqm.id,
      vacantEdge.id,
      breakSoon.id,
      ends11.id,
    ]);
    const none = [ends13, ended, letNoDates, small, tinySqm, noArea, dear, cheap, elsewhere, subject];
    for (const u of none) expect(ids(res)).not.toContain(u.id);
    expect(res.json().meta).toEqual({
      pagination: { total: 8, count: 8, per_page: 25, current_page: 1, total_pages: 1 },
      match: { scope: 'town', measure: 'nia_sqrt', radius_miles: null },
    });
    const first = res.json().data[0];
    expect(first).toEqual({
      id: vacantMid.id,
      building_num: vacantMid.building_num,
      full_address: expect.stringContaining('Leeds'),
      town: 'Leeds',
      scheme: null,
      area: 1500,
      rent_pa: '30000.00',
      currency: 'GBP',
      tenant: null,
      vacant: true,
      lease_end_date: null,
      break_date: null,
      distance_miles: null,
    });
    const sqmRow = res.json().data.find((r: { id: number }) => r.id === sqm.id);
    expect(sqmRow.area).toBeCloseTo(1506.95, 2);
    const breakRow = res.json().data.find((r: { id: number }) => r.id === breakSoon.id);
    expect(breakRow).toMatchObject({
      vacant: false,
      tenant: { id: tenant.id, name: 'Greggs', is_verified: false, verified_at: null },
      break_date: '2026-12-01',
    });

    const paged = await get(`/api/enquiries/${enquiry.id}/matches?per_page=3&page=3`);
    expect(ids(paged)).toEqual([breakSoon.id, ends11.id]);
    expect(paged.json().meta.pagination).toMatchObject({ total: 8, count: 2, total_pages: 3 });
    const past = await get(`/api/enquiries/${enquiry.id}/matches?per_page=3&page=9`);
    expect(past.json().data).toEqual([]);
    expect(past.json().meta.pagination.total).toBe(8);
  });

  it('compares the size on the chosen measure: ITZA or ground floor', async () => {
    const subject = await subjectUnit();
    const enquiry = await buildMatchEnquiry({ property_id: subject.id, size_from: '400', size_to: '600' });
    const zoneA = await buildUnit({ nia_sqrt: '3000', itza_area: '500', ground_floor_area: '2000' });
    const ground = await buildUnit({ nia_sqrt: '3000', itza_area: '900', ground_floor_area: '550' });
    const groundSqm = await buildUnit({ nia_sqrt: '300', ground_floor_area: '50', area_size_type: 'sqm' }); // 538 sq ft
    const nia = await buildUnit({ nia_sqrt: '450', itza_area: '100', ground_floor_area: '100' });

    expect(ids(await get(`/api/enquiries/${enquiry.id}/matches`))).toEqual([nia.id]);
    expect(ids(await get(`/api/enquiries/${enquiry.id}/matches?measure=itza_area`))).toEqual([zoneA.id]);
    const byGround = await get(`/api/enquiries/${enquiry.id}/matches?measure=ground_floor_area`);
    expect(ids(byGround).sort()).toEqual([ground.id, groundSqm.id].sort());
    expect(byGround.json().meta.match.measure).toBe('ground_floor_area');
  });

  it('looks in the scheme for a scheme enquiry, and in the town or a radius when asked', async () => {
    const scheme = await buildMatchScheme();
    const enquiry = await buildMatchEnquiry({ scheme_id: scheme.id, size_from: '1000', size_to: '2000' });
    const inScheme = await buildUnit({ scheme_id: scheme.id, nia_sqrt: '1500' });
    const inTown = await buildUnit({ nia_sqrt: '1500', north: 0.5 });
    const nearby = await buildUnit({ nia_sqrt: '1500', city: 'Horsforth', north: 0.8 });
    const further = await buildUnit({ nia_sqrt: '1500', city: 'Otley', north: 3 });
    const unplaced = await buildUnit({ nia_sqrt: '1500', city: 'Otley', noPosition: true });

    const bySchemeDefault = await get(`/api/enquiries/${enquiry.id}/matches`);
    expect(ids(bySchemeDefault)).toEqual([inScheme.id]);
    expect(bySchemeDefault.json().data[0].scheme).toEqual({ id: scheme.id, name: 'Trinity Leeds' });
    expect(bySchemeDefault.json().meta.match.scope).toBe('scheme');

    const byTown = await get(`/api/enquiries/${enquiry.id}/matches?scope=town`);
    expect(ids(byTown).sort()).toEqual([inScheme.id, inTown.id].sort());

    const oneMile = await get(`/api/enquiries/${enquiry.id}/matches?scope=radius`);
    expect(oneMile.statusCode, oneMile.body).toBe(200);
    expect(ids(oneMile).sort()).toEqual([inScheme.id, inTown.id, nearby.id].sort());
    expect(oneMile.json().meta.match).toEqual({ scope: 'radius', measure: 'nia_sqrt', radius_miles: 1 });
    const nearbyRow = oneMile.json().data.find((r: { id: number }) => r.id === nearby.id);
    expect(nearbyRow.distance_miles).toBeCloseTo(0.8, 1);

    const fiveMiles = await get(`/api/enquiries/${enquiry.id}/matches?scope=radius&radius_miles=5`);
    expect(ids(fiveMiles)).toContain(further.id);
    expect(ids(fiveMiles)).not.toContain(unplaced.id);
  });

  it('a property enquiry in a scheme can look in that scheme; a standalone one cannot (422)', async () => {
    const scheme = await buildMatchScheme();
    const unitInScheme = await buildUnit({ scheme_id: scheme.id, tenant_id: (await buildCompany()).id });
    const other = await buildUnit({ scheme_id: scheme.id });
    const onUnit = await buildMatchEnquiry({ property_id: unitInScheme.id, scheme_id: scheme.id });
    expect(ids(await get(`/api/enquiries/${onUnit.id}/matches?scope=scheme`))).toEqual([other.id]);

    const standalone = await buildMatchEnquiry({ property_id: (await buildUnit({ noPosition: true })).id });
    const res = await get(`/api/enquiries/${standalone.id}/matches?scope=scheme`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { scope: ['This enquiry is not on a scheme.'] },
    });
    const radius = await get(`/api/enquiries/${standalone.id}/matches?scope=radius`);
    expect(radius.json().errors).toEqual({ scope: ['The enquiry’s place has no map position.'] });
  });

  it('answers 404 for an unknown enquiry and 422 for bad parameters', async () => {
    const enquiry = await buildMatchEnquiry({ property_id: (await subjectUnit()).id });
    expect((await get('/api/enquiries/999999/matches')).statusCode).toBe(404);
    for (const q of [
      'scope=county',
      'measure=frontage_area',
      'radius_miles=0.05',
      'radius_miles=26',
      'radius_miles=far',
      'per_page=101',
      'page=0',
    ]) {
      const res = await get(`/api/enquiries/${enquiry.id}/matches?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(Object.keys(res.json().errors), q).toEqual([q.split('=')[0]]);
    }
    const radius = await get(`/api/enquiries/${enquiry.id}/matches?scope=radius&radius_miles=26`);
    expect(radius.json().errors.radius_miles).toEqual(['The radius must be between 0.1 and 25 miles.']);
  });

  it('follows the unit as it changes: let, then vacant again (the triggers keep match_units)', async () => {
    const enquiry = await buildMatchEnquiry({ property_id: (await subjectUnit()).id });
    const unit = await buildUnit({ nia_sqrt: '1500' });
    expect(ids(await get(`/api/enquiries/${enquiry.id}/matches`))).toEqual([unit.id]);
    const tenant = await buildCompany();
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/properties/${unit.id}`,
        headers: { ...XHR, cookie },
        payload,
      });
    expect((await put({ company_id: tenant.id, lease_end_date: '2030-01-01' })).statusCode).toBe(200);
    expect(ids(await get(`/api/enquiries/${enquiry.id}/matches`))).toEqual([]);
    expect((await put({ lease_end_date: '2027-01-01' })).statusCode).toBe(200);
    expect(ids(await get(`/api/enquiries/${enquiry.id}/matches`))).toEqual([unit.id]);
  });
});

describe('GET /api/properties/{id}/enquiry-matches', () => {
  it('lists the live enquiries on its scheme or in its town that its size and rent satisfy, newest first', async () => {
    const scheme = await buildMatchScheme();
    const unit = await buildUnit({
      scheme_id: scheme.id,
      nia_sqrt: '1500',
      itza_area: '600',
      rent_pa: '30000',
    });
    const boots = await buildCompany({ name: 'Boots' });
    const contact = await buildUser({ name: 'Nina Scout' });
    const townUnit = await buildUnit({ nia_sqrt: '800' });
    const onScheme = await buildMatchEnquiry({
      scheme_id: scheme.id,
      company_id: boots.id,
      user_id: contact.id,
      size_from: '1000',
      size_to: '2000',
      received_at: '2026-05-03',
    });
    const inTown = await buildMatchEnquiry({
      property_id: townUnit.id,
      rent_to: '30000',
      received_at: '2026-05-02',
    });
    const open = await buildMatchEnquiry({
      scheme_id: scheme.id,
      stage: 'under_offer',
      received_at: '2026-04-01',
    });
    await buildMatchEnquiry({ scheme_id: scheme.id, stage: 'completed' });
    await buildMatchEnquiry({ scheme_id: scheme.id, stage: 'withdrawn' });
    await buildMatchEnquiry({ scheme_id: scheme.id, size_from: '1600' });
    const upTo1400 = await buildMatchEnquiry({ scheme_id: scheme.id, size_to: '1400' });
    await buildMatchEnquiry({ scheme_id: scheme.id, rent_to: '20000' });
    await buildMatchEnquiry({ scheme_id: scheme.id, rent_from: '40000' });
    await buildMatchEnquiry({ property_id: unit.id, scheme_id: scheme.id }); // on the unit itself
    await buildMatchEnquiry({ property_id: (await buildUnit({ city: 'York' })).id });
    await buildMatchEnquiry({ scheme_id: (await buildMatchScheme('White Rose')).id });

    const res = await get(`/api/properties/${unit.id}/enquiry-matches`);
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res)).toEqual([onScheme.id, inTown.id, open.id]);
    expect(res.json().data[0]).toEqual({
      id: onScheme.id,
      company: { id: boots.id, name: 'Boots' },
      contact: { id: contact.id, name: 'Nina Scout' },
      stage: 'interest',
      size_from: 1000,
      size_to: 2000,
      rent_from: null,
      rent_to: null,
      received_at: '2026-05-03',
      subject: 'Trinity Leeds',
    });
    expect(res.json().data[1].subject).toMatch(/^Unit \d+, \d+ High Street, Leeds, LS1 1AA$/);
    expect(res.json().meta.pagination).toMatchObject({ total: 3, per_page: 25 });

    // On ITZA (600 sq ft) the scheme enquiry's 1,000–2,000 no longer holds.
    expect(ids(await get(`/api/properties/${unit.id}/enquiry-matches?measure=itza_area`))).toEqual([
      inTown.id,
      upTo1400.id,
      open.id,
    ]);
    expect(ids(await get(`/api/properties/${unit.id}/enquiry-matches?per_page=1&page=2`))).toEqual([
      inTown.id,
    ]);
  });

  it('answers 404 for an unknown property and 422 for bad parameters', async () => {
    const unit = await buildUnit();
    expect((await get('/api/properties/999999/enquiry-matches')).statusCode).toBe(404);
    expect((await get(`/api/properties/${unit.id}/enquiry-matches?measure=nope`)).statusCode).toBe(422);
    expect((await get(`/api/properties/${unit.id}/enquiry-matches?per_page=500`)).statusCode).toBe(422);
  });
});
