/**
 * Demo enquiries: a few hundred retailers' enquiries over the last two years on
 * seeded units and schemes, across every stage and reason, recorded by the two demo accounts and
 * by seeded agency contacts, a quarter with a comment or two. A unit's enquiry is on its scheme
 * (ADR 0050); each keeps its creation in the field history (source 'seed', verified, so the demo
 * starts with nothing to verify). Deterministic (the seed's PRNG). Skips cleanly without places.
 */
import { ENQUIRY_STAGES, REASONS } from '@frontage/shared';
import { asc } from 'drizzle-orm';
import { comments, enquiries, fieldHistory, properties, schemes } from '../schema';
import type { SeedStep } from './steps';

export const SEED_ENQUIRY_COUNT = 320;
const CHUNK = 200;
const DAY = 86_400_000;
/** Stage shares, pipeline-shaped: most are live. */
const STAGE_WEIGHTS = [0.45, 0.25, 0.18, 0.12];
const NOTES = [
  'Looking for a corner unit with good frontage.',
  'Wants to be open before Christmas trading.',
  'Asked for the service charge budget.',
  'Viewing booked with the landlord agent.',
  'Heads of terms under discussion.',
  'Would consider a short-term let first.',
  'Needs A1/E use class and rear servicing.',
];

const iso = (d: Date) => d.toISOString().slice(0, 10);

export const seedEnquiries: SeedStep = async (ctx): Promise<Record<string, number>> => {
  const { tx, rand, now } = ctx;
  const units = await tx
    .select({ id: properties.id, scheme_id: properties.scheme_id })
    .from(properties)
    .orderBy(asc(properties.id))
    .limit(2000);
  const schemeIds = (await tx.select({ id: schemes.id }).from(schemes).orderBy(asc(schemes.id))).map(
    (r) => r.id,
  );
  if (!units.length && !schemeIds.length) {
    ctx.log('enquiries: skipped (no properties or schemes)');
    return { enquiries: 0 };
  }
  const retailers = ctx.companies.filter((c) => c.kind === 'retailer').map((c) => c.id);
  const agencies = new Set(ctx.companies.filter((c) => c.kind === 'agency').map((c) => c.id));
  const agentContacts = ctx.contactIds.filter((id) => agencies.has(ctx.contactCompany.get(id) ?? -1));
  const retailerContacts = new Map<number, number[]>();
  for (const id of ctx.contactIds) {
    const co = ctx.contactCompany.get(id);
    if (co !== undefined) retailerContacts.set(co, [...(retailerContacts.get(co) ?? []), id]);
  }
  const recorders = [ctx.agentId, ctx.adminId, ...agentContacts.slice(0, 6)];
  const stageOf = () => {
    let x = rand.next();
    for (let i = 0; i < STAGE_WEIGHTS.length; i++)
      if ((x -= STAGE_WEIGHTS[i]!) < 0) return ENQUIRY_STAGES[i]!;
    return ENQUIRY_STAGES[0];
  };

  const rows: Array<typeof enquiries.$inferInsert> = [];
  for (let i = 0; i < SEED_ENQUIRY_COUNT; i++) {
    const onScheme = !units.length || (schemeIds.length > 0 && rand.next() < 0.3);
    const unit = onScheme ? null : rand.pick(units);
    const company = rand.next() < 0.9 && retailers.length ? rand.pick(retailers) : null;
    const contacts = company !== null ? (retailerContacts.get(company) ?? []) : ctx.contactIds;
    const user = (company === null || rand.next() < 0.4) && contacts.length ? rand.pick(contacts) : null;
    if (company === null && user === null) continue;
    const received = new Date(now.getTime() - rand.int(1, 730) * DAY);
    const created = new Date(received.getTime() + rand.int(0, 5) * DAY);
    const updated = new Date(Math.min(now.getTime(), created.getTime() + rand.int(0, 120) * DAY));
    const sizeFrom = rand.next() < 0.8 ? rand.int(4, 60) * 250 : null;
    const rentFrom = rand.next() < 0.6 ? rand.int(10, 150) * 1000 : null;
    const first = i === 0 ? ctx.agentId : rand.pick(recorders);
    rows.push({
      property_id: unit?.id ?? null,
      scheme_id: unit ? unit.scheme_id : rand.pick(schemeIds),
      company_id: company,
      user_id: user,
      received_at: iso(received),
      size_from: sizeFrom === null ? null : String(sizeFrom),
      size_to: sizeFrom === null || rand.next() < 0.3 ? null : String(sizeFrom + rand.int(1, 20) * 250),
      rent_from: rentFrom === null ? null : rentFrom.toFixed(2),
      rent_to: rentFrom === null ? null : (rentFrom + rand.int(1, 40) * 1000).toFixed(2),
      stage: stageOf(),
      reason: rand.next() < 0.3 ? 'unknown' : rand.pick(REASONS),
      created_by: first,
      created_at: created,
      updated_at: updated,
    });
  }

  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const inserted = await tx
      .insert(enquiries)
      .values(rows.slice(i, i + CHUNK))
      .returning({ id: enquiries.id });
    ids.push(...inserted.map((r) => r.id));
  }

  const FIELDS = [
    'property_id',
    'scheme_id',
    'company_id',
    'user_id',
    'received_at',
    'stage',
    'reason',
  ] as const;
  const history = rows.flatMap((r, i) =>
    FIELDS.filter((f) => r[f] !== null && r[f] !== undefined).map((f) => ({
      entity_type: 'enquiry',
      entity_id: ids[i]!,
      field: f,
      old_value: null,
      new_value: r[f],
      source: 'seed',
      user_id: r.created_by ?? null,
      verified: true,
      verified_by: ctx.adminId,
      verified_at: r.created_at as Date,
      created_at: r.created_at as Date,
    })),
  );
  for (let i = 0; i < history.length; i += 500)
    await tx.insert(fieldHistory).values(history.slice(i, i + 500));

  const notes = ids.flatMap((id, i) => {
    if (i !== 0 && rand.next() >= 0.25) return [];
    const created = rows[i]!.created_at as Date;
    return Array.from({ length: rand.int(1, 2) }, (_, k) => {
      const at = new Date(Math.min(now.getTime(), created.getTime() + (k + 1) * DAY));
      return {
        entity_type: 'enquiry',
        entity_id: id,
        user_id: k === 0 ? (rows[i]!.created_by ?? null) : rand.pick(recorders),
        content: `<p>${rand.pick(NOTES)}</p>`,
        created_at: at,
        updated_at: at,
      };
    });
  });
  for (let i = 0; i < notes.length; i += CHUNK) await tx.insert(comments).values(notes.slice(i, i + CHUNK));

  ctx.log(`enquiries: ${ids.length} (${notes.length} comments)`);
  return { enquiries: ids.length, enquiry_comments: notes.length };
};
