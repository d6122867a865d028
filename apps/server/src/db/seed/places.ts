import { rentPerSqft, type SchemeType } from '@frontage/shared';
import { offsetPosition } from '../../modules/addresses/position-offset';
import { addresses, fieldHistory, properties, propertyParties, schemeParties, schemes } from '../schema';
import {
  BREAK_CLAUSES,
  HIGH_STREETS,
  INCENTIVES,
  RENT_REVIEW_CLAUSES,
  RETAIL_PARK_STREETS,
  SCHEME_WORDS,
  SEED_TOWNS,
  type SeedTown,
} from './places-data';
import { DEMO_AGENT } from './data';
import { seedLeaseTerms } from './lease-terms';
import type { SeedContext, SeedStep } from './steps';

export const SEED_SCHEME_COUNT = 300;
export const SEED_PROPERTY_COUNT = 5000;
/** Share of the properties that are units of a scheme (the rest are on high streets). */
const SCHEME_UNIT_SHARE = 0.4;
const CHUNK = 1000;

type Rand = SeedContext['rand'];

const insertChunks = async <T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> => {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
};

const pickWeighted = (rand: Rand, towns: SeedTown[], total: number): SeedTown => {
  let r = rand.next() * total;
  for (const town of towns) {
    r -= town.weight;
    if (r < 0) return town;
  }
  return towns[towns.length - 1]!;
};

const POSTCODE_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';
const postcode = (rand: Rand, district: string) =>
  `${district} ${rand.int(1, 9)}${rand.pick([...POSTCODE_LETTERS])}${rand.pick([...POSTCODE_LETTERS])}`;

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addYears = (d: Date, years: number) => {
  const x = new Date(d);
  x.setUTCFullYear(x.getUTCFullYear() + years);
  return x;
};
const money = (n: number) => (Math.round(n / 50) * 50).toFixed(2);

/**
 * ~300 schemes and ~5,000 properties in real UK towns: tenants from the seeded retailers (some
 * vacant), landlords and agents from the seeded landlords and agencies, contacts from those
 * companies, a spread of leases, rents, rateable values and areas, and some field history (part
 * of it unverified). The demo agent's agency holds party roles, so My Properties is not empty.
 */
export const seedPlaces: SeedStep = async (ctx) => {
  const { tx, rand, now } = ctx;
  const retailers = ctx.companies.filter((c) => c.kind === 'retailer').map((c) => c.id);
  const landlords = ctx.companies.filter((c) => c.kind === 'landlord').map((c) => c.id);
  const agencies = ctx.companies.filter((c) => c.kind === 'agency').map((c) => c.id);
  const contactsOf = new Map<number, number[]>();
  for (const [userId, companyId] of ctx.contactCompany) {
    const list = contactsOf.get(companyId) ?? [];
    list.push(userId);
    contactsOf.set(companyId, list);
  }
  const agentCompanyId = ctx.companies.find((c) => c.name === DEMO_AGENT.companyName)?.id ?? agencies[0]!;
  const totalWeight = SEED_TOWNS.reduce((a, t) => a + t.weight, 0);
  const jitter = (deg: number) => (rand.next() * 2 - 1) * deg;
  const someContacts = (companyIds: number[], max: number) =>
    companyIds.flatMap((id) => {
      const list = contactsOf.get(id) ?? [];
      const n = Math.min(list.length, rand.int(0, max));
      return list.slice(0, n);
    });

  // ── schemes ──
  const usedNames = new Set<string>();
  const schemeRows: Array<{
    town: SeedTown;
    type: SchemeType;
    name: string;
    lat: number;
    lng: number;
    street: string;
    post_code: string;
  }> = [];
  for (let i = 0; i < SEED_SCHEME_COUNT; i++) {
    const town = pickWeighted(rand, SEED_TOWNS, totalWeight);
    const roll = rand.next();
    const type: SchemeType = roll < 0.5 ? 'Shopping centres' : roll < 0.85 ? 'Out of town' : 'Leisure';
    const words = SCHEME_WORDS[type];
    let name = `${rand.pick(words.prefixes)} ${words.suffix}`;
    if (usedNames.has(name)) name = `${town.name} ${name.replace(/^The /, '')}`;
    for (let n = 2; usedNames.has(name); n++) name = `${town.name} ${words.suffix} ${n}`;
    usedNames.add(name);
    const outOfTown = type !== 'Shopping centres';
    schemeRows.push({
      town,
      type,
      name,
      lat: town.lat + jitter(outOfTown ? 0.03 : 0.006),
      lng: town.lng + jitter(outOfTown ? 0.045 : 0.009),
      street: outOfTown ? rand.pick(RETAIL_PARK_STREETS) : rand.pick(HIGH_STREETS),
      post_code: postcode(rand, town.district),
    });
  }
  const schemeAddressIds: number[] = [];
  await insertChunks(schemeRows, async (chunk) => {
    const ids = await tx
      .insert(addresses)
      .values(
        chunk.map((s) => ({
          street: s.street,
          city: s.town.name,
          region: s.town.region,
          post_code: s.post_code,
          lat: s.lat,
          lng: s.lng,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning({ id: addresses.id });
    schemeAddressIds.push(...ids.map((r) => r.id));
  });
  const schemeIds: number[] = [];
  await insertChunks(
    schemeRows.map((s, i) => ({ s, address_id: schemeAddressIds[i]! })),
    async (chunk) => {
      const ids = await tx
        .insert(schemes)
        .values(
          chunk.map(({ s, address_id }) => ({
            name: s.name,
            type: s.type,
            opened_at: rand.int(1965, 2023),
            car_spaces: s.type === 'Shopping centres' ? rand.int(0, 30) * 100 : rand.int(2, 15) * 100,
            is_under_construction: rand.next() < 0.03,
            address_id,
            created_by: ctx.adminId,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning({ id: schemes.id });
      schemeIds.push(...ids.map((r) => r.id));
    },
  );
  const schemeLandlords = new Map<
    number,
    { landlords: number[]; landlordContacts: number[]; agents: number[]; agentContacts: number[] }
  >();
  const schemePartyRows: Array<typeof schemeParties.$inferInsert> = [];
  schemeIds.forEach((id, i) => {
    const ll = [...new Set([rand.pick(landlords), ...(rand.next() < 0.25 ? [rand.pick(landlords)] : [])])];
    // The demo agent's agency manages every tenth scheme.
    const ag = i % 10 === 0 ? [agentCompanyId] : rand.next() < 0.7 ? [rand.pick(agencies)] : [];
    const parties = {
      landlords: ll,
      landlordContacts: someContacts(ll, 2),
      agents: ag,
      agentContacts: someContacts(ag, 1),
    };
    if (i % 10 === 0) parties.agentContacts = [ctx.agentId, ...parties.agentContacts];
    schemeLandlords.set(id, parties);
    const push = (role: string, ids: number[], kind: 'company' | 'user') =>
      ids.forEach((pid, position) =>
        schemePartyRows.push({
          scheme_id: id,
          role,
          position,
          company_id: kind === 'company' ? pid : null,
          user_id: kind === 'user' ? pid : null,
        }),
      );
    push('landlord', parties.landlords, 'company');
    push('landlord_contact', parties.landlordContacts, 'user');
    push('landlord_agent', parties.agents, 'company');
    push('landlord_agent_contact', [...new Set(parties.agentContacts)], 'user');
  });
  await insertChunks(schemePartyRows, (chunk) => tx.insert(schemeParties).values(chunk));

  // ── properties ──
  const unitCount = Math.round(SEED_PROPERTY_COUNT * SCHEME_UNIT_SHARE);
  const unitNumber = new Map<number, number>();
  type Planned = { schemeIndex: number | null; address: typeof addresses.$inferInsert; building_num: string };
  const planned: Planned[] = [];
  for (let i = 0; i < SEED_PROPERTY_COUNT; i++) {
    if (i < unitCount) {
      const schemeIndex = i < schemeIds.length ? i : rand.int(0, schemeIds.length - 1);
      const s = schemeRows[schemeIndex]!;
      const n = (unitNumber.get(schemeIndex) ?? 0) + 1;
      unitNumber.set(schemeIndex, n);
      const p = offsetPosition({ lat: s.lat, lng: s.lng }, rand.next);
      planned.push({
        schemeIndex,
        building_num:
          s.type === 'Shopping centres'
            ? `Unit ${n}`
            : `Unit ${String.fromCharCode(64 + ((n - 1) % 26) + 1)}${n > 26 ? Math.ceil(n / 26) : ''}`,
        address: {
          street: s.street,
          city: s.town.name,
          region: s.town.region,
          post_code: s.post_code,
          lat: p.lat,
          lng: p.lng,
        },
      });
    } else {
      const town = pickWeighted(rand, SEED_TOWNS, totalWeight);
      planned.push({
        schemeIndex: null,
        building_num: String(rand.int(1, 180)),
        address: {
          street: rand.pick(HIGH_STREETS),
          city: town.name,
          region: town.region,
          post_code: postcode(rand, town.district),
          lat: town.lat + jitter(0.008),
          lng: town.lng + jitter(0.012),
        },
      });
    }
  }
  const propertyAddressIds: number[] = [];
  await insertChunks(planned, async (chunk) => {
    const ids = await tx
      .insert(addresses)
      .values(chunk.map((p) => ({ ...p.address, created_at: now, updated_at: now })))
      .returning({ id: addresses.id });
    propertyAddressIds.push(...ids.map((r) => r.id));
  });

  const partyRows: Array<typeof propertyParties.$inferInsert> = [];
  const propertyValues = planned.map((p, i) => {
    const inScheme = p.schemeIndex !== null;
    const vacant = rand.next() < 0.15;
    const tenantId = vacant ? null : rand.pick(retailers);
    const start = new Date(Date.UTC(rand.int(2005, 2024), rand.int(0, 11), rand.pick([1, 25, 29])));
    const term = rand.pick([5, 10, 10, 15, 20]);
    const end = new Date(addYears(start, term).getTime() - 86_400_000);
    let review = addYears(start, 5);
    while (review < now && review < end) review = addYears(review, 5);
    const nia = rand.int(8, 120) * 100;
    const itza = Math.round(nia * (0.3 + rand.next() * 0.3));
    const perSqft = 15 + rand.int(0, 36) * 5;
    const rent = vacant ? null : itza * perSqft;
    const hasBreak = !vacant && rand.next() < 0.3;
    const terms = vacant
      ? null
      : seedLeaseTerms(
          i,
          {
            start,
            end,
            nextReview: review >= end ? null : review,
            breakDate: hasBreak ? addYears(start, Math.min(5, term - 1)) : null,
          },
          now,
        );
    return {
      building_num: p.building_num,
      address_id: propertyAddressIds[i]!,
      scheme_id: inScheme ? schemeIds[p.schemeIndex!]! : null,
      planning: rand.pick(['E', 'E', 'E', 'Sui Generis', 'E(b)', 'F.2']),
      tenant_id: tenantId,
      currency: 'GBP',
      rent_pa: rent === null ? null : money(rent),
      // Rent per sq ft is rent ÷ NIA (ADR 0079); the rent itself is ITZA × a Zone A rate.
      rent_sqft: rent === null ? null : rentPerSqft(rent, nia, 'sqft'),
      rateable_value: rent === null ? null : money(rent * (0.75 + rand.next() * 0.35)),
      service_charge: inScheme && rent !== null ? money(rent * (0.05 + rand.next() * 0.1)) : null,
      incentive: !vacant && rand.next() < 0.2 ? rand.pick(INCENTIVES) : null,
      lease_start_date: vacant ? null : iso(start),
      lease_end_date: terms ? terms.lease_end_date : null,
      next_review_date: terms ? terms.next_review_date : null,
      rent_review_clause: vacant ? null : rand.pick(RENT_REVIEW_CLAUSES),
      break_date: terms ? terms.break_date : null,
      break_clause: hasBreak ? rand.pick(BREAK_CLAUSES) : null,
      security_of_tenure: terms?.security_of_tenure ?? null,
      break_party: terms?.break_party ?? null,
      break_kind: terms?.break_kind ?? null,
      break_notice_months: terms?.break_notice_months ?? null,
      review_interval_years: terms?.review_interval_years ?? null,
      review_basis: terms?.review_basis ?? null,
      area_size_type: 'sqft',
      nia_sqrt: nia.toFixed(2),
      itza_area: itza.toFixed(2),
      ground_floor_area: Math.round(nia * 0.7).toFixed(2),
      first_floor_area: rand.next() < 0.5 ? Math.round(nia * 0.3).toFixed(2) : null,
      basement_area: rand.next() < 0.2 ? Math.round(nia * 0.1).toFixed(2) : null,
      frontage_area: rand.int(15, 60).toFixed(2),
      created_by: ctx.adminId,
      created_at: new Date(now.getTime() - rand.int(30, 900) * 86_400_000),
      updated_at: new Date(now.getTime() - rand.int(0, 29) * 86_400_000 - i * 1000),
    };
  });
  const propertyIds: number[] = [];
  await insertChunks(propertyValues, async (chunk) => {
    const ids = await tx.insert(properties).values(chunk).returning({ id: properties.id });
    propertyIds.push(...ids.map((r) => r.id));
  });

  propertyIds.forEach((id, i) => {
    const p = planned[i]!;
    const v = propertyValues[i]!;
    const fromScheme = p.schemeIndex !== null ? schemeLandlords.get(schemeIds[p.schemeIndex]!)! : null;
    const ll = fromScheme?.landlords ?? [rand.pick(landlords)];
    const lAgents = fromScheme?.agents ?? (rand.next() < 0.5 ? [rand.pick(agencies)] : []);
    // The demo agent's agency acts for the tenant on every 40th let unit.
    const tAgents =
      v.tenant_id !== null && i % 40 === 7
        ? [agentCompanyId]
        : v.tenant_id !== null && rand.next() < 0.4
          ? [rand.pick(agencies)]
          : [];
    const lists: Array<[string, number[], 'company' | 'user']> = [
      ['landlord', ll, 'company'],
      ['landlord_contact', fromScheme?.landlordContacts ?? someContacts(ll, 1), 'user'],
      ['landlord_agent', lAgents, 'company'],
      ['landlord_agent_contact', fromScheme?.agentContacts ?? someContacts(lAgents, 1), 'user'],
      ['tenant_agent', tAgents, 'company'],
      [
        'tenant_agent_contact',
        i % 40 === 7 && v.tenant_id !== null ? [ctx.agentId] : someContacts(tAgents, 1),
        'user',
      ],
      ['tenant_contact', v.tenant_id !== null ? someContacts([v.tenant_id], 1) : [], 'user'],
    ];
    for (const [role, ids, kind] of lists) {
      [...new Set(ids)].forEach((pid, position) =>
        partyRows.push({
          property_id: id,
          role,
          position,
          company_id: kind === 'company' ? pid : null,
          user_id: kind === 'user' ? pid : null,
        }),
      );
    }
  });
  await insertChunks(partyRows, (chunk) => tx.insert(propertyParties).values(chunk));

  // ── some history: rent and tenant changes, about a third waiting for an admin ──
  const historyRows: Array<typeof fieldHistory.$inferInsert> = [];
  for (let k = 0; k < 400; k++) {
    const i = rand.int(0, propertyIds.length - 1);
    const v = propertyValues[i]!;
    const byAdmin = rand.next() < 0.65;
    const when = new Date(now.getTime() - rand.int(1, 300) * 86_400_000);
    const userId = byAdmin ? ctx.adminId : rand.next() < 0.3 ? ctx.agentId : rand.pick(ctx.contactIds);
    const field = rand.pick(['rent_pa', 'tenant_id', 'lease_end_date'] as const);
    const oldValue =
      field === 'rent_pa'
        ? v.rent_pa
          ? money(Number(v.rent_pa) * 0.9)
          : null
        : field === 'tenant_id'
          ? rand.pick(retailers)
          : v.lease_end_date
            ? `${Number(v.lease_end_date.slice(0, 4)) - 5}${v.lease_end_date.slice(4)}`
            : null;
    historyRows.push({
      entity_type: 'property',
      entity_id: propertyIds[i]!,
      field,
      old_value: oldValue,
      new_value: v[field],
      source: 'seed',
      user_id: userId,
      verified: byAdmin,
      verified_by: byAdmin ? ctx.adminId : null,
      verified_at: byAdmin ? when : null,
      created_at: when,
    });
  }
  await insertChunks(historyRows, (chunk) => tx.insert(fieldHistory).values(chunk));

  ctx.log(`schemes: ${schemeIds.length}, properties: ${propertyIds.length}`);
  return {
    schemes: schemeIds.length,
    properties: propertyIds.length,
    addresses: schemeAddressIds.length + propertyAddressIds.length,
  };
};
