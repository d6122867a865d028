/**
 * 10^5 enquiries over the generated properties, schemes, companies and contacts:
 * seven in ten on a unit (stored on the unit's scheme, as the API does), the rest on a scheme; a
 * pipeline-shaped stage mix (most interest or under offer); received over the last three years,
 * recorded a few days later and updated up to six months after. COPY fires the town trigger
 * (migration 0014), so each row gets its town as an API write would. Deterministic.
 */
import { copyRows, line, pickFrom, prng } from '../lib/copy';
import type { DatasetStep } from './index';

export const ENQUIRY_COUNT = 100_000;
const DAY = 86_400_000;
const STAGES: Array<[string, number]> = [
  ['interest', 0.45],
  ['under_offer', 0.3],
  ['completed', 0.15],
  ['withdrawn', 0.1],
];
const REASONS = ['new_store', 'relocation', 'upsize', 'downsize'];

const iso = (ms: number) => new Date(ms).toISOString();

export const enquiriesStep: DatasetStep = {
  name: 'enquiries-100k',
  run: async (client, progress) => {
    const rand = prng(20260514);
    const pick = pickFrom(rand);
    // Every eighth property: ~125,000 units spread over every town in the dataset.
    const units = (
      await client.query<{ id: number; scheme_id: number | null }>(
        'select id, scheme_id from properties where id % 8 = 0 order by id',
      )
    ).rows;
    const schemeIds = (await client.query<{ id: number }>('select id from schemes order by id')).rows.map(
      (r) => r.id,
    );
    const companyIds = (
      await client.query<{ id: number }>(
        `select id from companies where domain like '%.bench.example' order by id`,
      )
    ).rows.map((r) => r.id);
    const contacts = (
      await client.query<{ id: number }>(
        'select id from users where company_id is not null order by id limit 20000',
      )
    ).rows.map((r) => r.id);
    if (!units.length || !companyIds.length || !contacts.length)
      throw new Error('enquiries-100k needs the properties, companies and contacts steps first');
    // A few thousand agents record them (each has colleagues: 'my_company' finds theirs).
    const recorders = contacts.slice(0, 3000);
    const now = Date.now();
    const stage = () => {
      let x = rand();
      for (const [s, share] of STAGES) if ((x -= share) < 0) return s;
      return 'interest';
    };

    await copyRows(
      client,
      `copy enquiries (property_id, scheme_id, company_id, user_id, received_at, size_from, size_to,
         rent_from, rent_to, stage, reason, created_by, created_at, updated_at) from stdin`,
      ENQUIRY_COUNT,
      () => {
        const onScheme = rand() < 0.3;
        const unit = onScheme ? null : pick(units);
        const company = rand() < 0.9 ? pick(companyIds) : null;
        const user = company === null || rand() < 0.3 ? pick(contacts) : null;
        const received = now - Math.floor(rand() * 3 * 365) * DAY;
        const created = Math.min(now, received + Math.floor(rand() * 5) * DAY + Math.floor(rand() * DAY));
        const updated = Math.min(now, created + Math.floor(rand() * 180 * DAY));
        const sizeFrom = rand() < 0.8 ? (4 + Math.floor(rand() * 56)) * 250 : null;
        const rentFrom = rand() < 0.6 ? (10 + Math.floor(rand() * 140)) * 1000 : null;
        return line([
          unit?.id ?? null,
          unit ? unit.scheme_id : pick(schemeIds),
          company,
          user,
          iso(received).slice(0, 10),
          sizeFrom,
          sizeFrom === null || rand() < 0.3 ? null : sizeFrom + (1 + Math.floor(rand() * 20)) * 250,
          rentFrom === null ? null : rentFrom.toFixed(2),
          rentFrom === null ? null : (rentFrom + (1 + Math.floor(rand() * 40)) * 1000).toFixed(2),
          stage(),
          rand() < 0.3 ? 'unknown' : pick(REASONS),
          pick(recorders),
          iso(created),
          iso(updated),
        ]);
      },
      progress,
    );
    // The board's counts read the stage index alone: the visibility map must be set.
    await client.query('vacuum analyze enquiries');
    return ENQUIRY_COUNT;
  },
};
