import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Writes the re-gear prompt's months (REGEAR_PROMPT_MONTHS) to the one row the lease events'
 * triggers read (ADR 0087): triggers cannot read the server's environment. Only a different
 * value writes the row, and only then do the triggers derive every prompt again — a restart with
 * the same setting costs nothing.
 */
export const writeLeaseEventSettings = async (db: Db, regearPromptMonths: number): Promise<void> => {
  await db.execute(sql`insert into lease_event_settings (id, regear_prompt_months) values (true, ${regearPromptMonths})
    on conflict (id) do update set regear_prompt_months = excluded.regear_prompt_months
    where lease_event_settings.regear_prompt_months is distinct from excluded.regear_prompt_months`);
};
