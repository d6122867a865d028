/**
 * Demo deals: rent reviews, lease renewals and tracked retailers over the last
 * five years on the seeded properties, recorded through the deal engine (`recordDealIn`) exactly
 * as a user's deal is: the property takes the deal's values, history rows carry source 'deal'
 * and the deal's id, the deal keeps its parties before and after. Deals are recorded oldest
 * first, so a property ends in the state of its latest deal. The demo agent and the admin record
 * them; a tracked retailer only the admin (it is admin-only). Deterministic (the seed's PRNG).
 */
import { dealCreateSchema, rentPerSqft, type DealCreate } from '@frontage/shared';
import { asc, inArray } from 'drizzle-orm';
import { recordDealIn, type DealActor } from '../../modules/deals/deals.service';
import { properties, users } from '../schema';
import { BREAK_CLAUSES, RENT_REVIEW_CLAUSES } from './places-data';
import type { SeedContext, SeedStep } from './steps';

export const SEED_DEAL_COUNT = 300;
/** Of the deals: rent reviews, lease renewals, the rest tracked retailers. */
const RENT_REVIEW_SHARE = 0.5;
const LEASE_RENEWAL_SHARE = 0.3;
/** Share of the dealt properties with two deals (the rest have one). */
const TWO_DEALS_SHARE = 0.2;
const DAY = 86_400_000;
const FIVE_YEARS = 5 * 365;

type Rand = SeedContext['rand'];
type DealType = 'rent_review' | 'lease_renewal' | 'tracked_retailer';

/** What the deals read and change of a property, kept here as they are applied. */
interface State {
  id: number;
  tenant_id: number | null;
  rent_pa: string | null;
  rent_sqft: string | null;
  itza_area: string | null;
  nia_sqrt: string | null;
  lease_start_date: string | null;
  lease_end_date: string | null;
}

interface Planned {
  property: number;
  type: DealType;
  /** Days before now of the effective date; recorded a few days after it. */
  daysAgo: number;
  recordedDaysAgo: number;
  byAdmin: boolean;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addYears = (day: string, years: number, minusDays = 0) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return iso(new Date(d.getTime() - minusDays * DAY));
};
const money = (n: number) => (Math.round(n / 50) * 50).toFixed(2);

/**
 * The rent per annum after a change of `factor` (a unit without one: ITZA × a Zone A rate, as
 * seeded), and its rent per sq ft, rent ÷ NIA (ADR 0079).
 */
const rentsAfter = (s: State, rand: Rand, factor: number) => {
  const area = Number(s.itza_area ?? s.nia_sqrt ?? 1000) || 1000;
  const base = s.rent_pa ? Number(s.rent_pa) : area * (15 + rand.int(0, 36) * 5);
  let rent = money(base * factor);
  // A deal that changed nothing would leave no history: the rent always moves a little.
  if (s.rent_pa && Number(rent) === Number(s.rent_pa)) rent = money(Number(rent) + 50);
  return { rent_sqft: rentPerSqft(rent, s.nia_sqrt, 'sqft'), rent_pa: rent };
};

/** The deal's body as its wizard would send it: the property's state with the deal's changes. */
const bodyOf = (p: Planned, s: State, day: string, ctx: SeedContext, retailers: number[]): DealCreate => {
  const { rand } = ctx;
  if (p.type === 'rent_review') {
    const rents = rentsAfter(s, rand, 1 + rand.int(0, 15) / 100);
    const next = addYears(day, 5);
    return {
      deal_type: 'rent_review',
      property_id: s.id,
      effective_date: day,
      tenant_id: s.tenant_id,
      ...rents,
      next_review_date: s.lease_end_date && next < s.lease_end_date ? next : null,
      rent_review_clause: rand.pick(RENT_REVIEW_CLAUSES),
    };
  }
  const term = rand.pick([5, 10, 10, 15]);
  const lease = {
    lease_start_date: day,
    lease_end_date: addYears(day, term, 1),
    next_review_date: term > 5 ? addYears(day, 5) : null,
    rent_review_clause: rand.pick(RENT_REVIEW_CLAUSES),
    ...(rand.next() < 0.3
      ? { break_date: addYears(day, Math.min(5, term - 1)), break_clause: rand.pick(BREAK_CLAUSES) }
      : {}),
  };
  if (p.type === 'lease_renewal') {
    return {
      deal_type: 'lease_renewal',
      property_id: s.id,
      effective_date: day,
      tenant_id: s.tenant_id,
      ...rentsAfter(s, rand, 0.9 + rand.int(0, 20) / 100),
      ...lease,
    };
  }
  const others = retailers.filter((r) => r !== s.tenant_id);
  return {
    deal_type: 'tracked_retailer',
    property_id: s.id,
    effective_date: day,
    tenant_id: rand.pick(others),
    prev_tenant_id: s.tenant_id,
    ...rentsAfter(s, rand, 0.85 + rand.int(0, 30) / 100),
    ...lease,
  };
};

/** Which properties get deals, of which type, when and by whom. */
const plan = (rand: Rand, states: State[]): Planned[] => {
  const let_ = states.filter((s) => s.tenant_id !== null && s.rent_pa !== null);
  const out: Planned[] = [];
  const taken = new Set<number>();
  const type = (s: State): DealType => {
    const r = rand.next();
    // A vacant unit's only deal here is a retailer moving in.
    if (s.tenant_id === null || r >= RENT_REVIEW_SHARE + LEASE_RENEWAL_SHARE) return 'tracked_retailer';
    return r < RENT_REVIEW_SHARE ? 'rent_review' : 'lease_renewal';
  };
  while (out.length < SEED_DEAL_COUNT) {
    const pool = rand.next() < 0.9 ? let_ : states;
    const s = pool[rand.int(0, pool.length - 1)]!;
    if (taken.has(s.id)) continue;
    taken.add(s.id);
    // Two deals sit in different halves of the five years, so the later is always the latest.
    const windows =
      rand.next() < TWO_DEALS_SHARE && out.length + 1 < SEED_DEAL_COUNT
        ? [
            [FIVE_YEARS, FIVE_YEARS / 2 + 30],
            [FIVE_YEARS / 2 - 30, 20],
          ]
        : [[FIVE_YEARS, 20]];
    for (const [from, to] of windows) {
      const t = type(s);
      const daysAgo = rand.int(to!, from!);
      out.push({
        property: s.id,
        type: t,
        daysAgo,
        recordedDaysAgo: daysAgo - rand.int(1, 14),
        byAdmin: t === 'tracked_retailer' || rand.next() < 0.5,
      });
    }
  }
  // Oldest first: each deal applies to the state the earlier ones left.
  return out.sort((a, b) => b.daysAgo - a.daysAgo || b.recordedDaysAgo - a.recordedDaysAgo);
};

export const seedDeals: SeedStep = async (ctx) => {
  const { tx, rand, now } = ctx;
  const states: State[] = await tx
    .select({
      id: properties.id,
      tenant_id: properties.tenant_id,
      rent_pa: properties.rent_pa,
      rent_sqft: properties.rent_sqft,
      itza_area: properties.itza_area,
      nia_sqrt: properties.nia_sqrt,
      lease_start_date: properties.lease_start_date,
      lease_end_date: properties.lease_end_date,
    })
    .from(properties)
    .orderBy(asc(properties.id));
  if (!states.length) {
    ctx.log('deals: skipped (no properties)');
    return { deals: 0 };
  }
  const byId = new Map(states.map((s) => [s.id, s]));
  const retailers = ctx.companies.filter((c) => c.kind === 'retailer').map((c) => c.id);
  const actors = new Map<number, DealActor>(
    (
      await tx
        .select({ id: users.id, type: users.type, company_id: users.company_id, currency: users.currency })
        .from(users)
        .where(inArray(users.id, [ctx.adminId, ctx.agentId]))
    ).map((u) => [u.id, u]),
  );
  const counts: Record<DealType, number> = { rent_review: 0, lease_renewal: 0, tracked_retailer: 0 };
  for (const p of plan(rand, states)) {
    const s = byId.get(p.property)!;
    const day = iso(new Date(now.getTime() - p.daysAgo * DAY));
    const body = dealCreateSchema.parse(bodyOf(p, s, day, ctx, retailers));
    const actor = actors.get(p.byAdmin ? ctx.adminId : ctx.agentId)!;
    await recordDealIn(tx, actor, body, new Date(now.getTime() - p.recordedDaysAgo * DAY));
    // The state the next deal of this property starts from (what the engine just applied).
    const applied = body as Partial<State> & { tenant_id?: number | null };
    if (applied.tenant_id !== undefined && applied.tenant_id !== null) s.tenant_id = applied.tenant_id;
    for (const k of ['rent_pa', 'rent_sqft', 'lease_start_date', 'lease_end_date'] as const)
      if (applied[k]) s[k] = applied[k];
    counts[p.type]++;
  }
  ctx.log(
    `deals: ${SEED_DEAL_COUNT} (${counts.rent_review} rent reviews, ${counts.lease_renewal} lease renewals, ${counts.tracked_retailer} tracked retailers)`,
  );
  return { deals: SEED_DEAL_COUNT };
};
