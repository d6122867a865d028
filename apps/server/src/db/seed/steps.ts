import type { Db } from '../client';
import type { prng } from './seed';
import { seedPlaces } from './places';
import { seedComments } from './comments';
import { seedDeals } from './deals';
import { seedEnquiries } from './enquiries';
import { seedTrackedRetailers } from './tracked-retailers';
import { seedVideos } from './videos';
import { seedNews } from './news';
import { seedReminders } from './reminders';

/** The demo data set so far, handed to each later seed step (all inside one transaction). */
export interface SeedContext {
  tx: Db;
  rand: ReturnType<typeof prng>;
  now: Date;
  log: (line: string) => void;
  /** Every seeded company with its kind; retailers are tenants, landlords and agencies the parties. */
  companies: ReadonlyArray<{
    id: number;
    name: string;
    kind: 'platform' | 'retailer' | 'landlord' | 'agency';
  }>;
  /** The seeded contacts (not the two demo accounts) and their companies. */
  contactIds: readonly number[];
  contactCompany: ReadonlyMap<number, number>;
  adminId: number;
  agentId: number;
}

/** A seed step returns counts for the start log (e.g. `{ properties: 5000 }`). */
export type SeedStep = (ctx: SeedContext) => Promise<Record<string, number>>;

/** Later issues append their step here, in dependency order (places before comments and deals). */
export const SEED_STEPS: SeedStep[] = [
  seedPlaces,
  seedComments,
  seedDeals,
  seedEnquiries,
  seedTrackedRetailers,
  seedVideos,
  seedNews,
  // Last: the reminders of the events every step before it left on the units.
  seedReminders,
];
