import { derived } from './define';

/**
 * companies.store_changed_at (ADR 0056): when a tracked retailer's stores last changed, stamped by
 * store_events_on_tenant (company-store-count.ts) with the writing transaction's time whenever it
 * moves companies.store_count — except in a company merge, which moves stores between two names of
 * one retailer without an opening or closure. It records an observation, so no function can derive
 * it again from the rows: the generic test checks instead that it moves with store_count.
 */
export const companyStoreChangedAt = derived({
  name: 'companies.store_changed_at',
  kind: 'column',
  what: "When the company's store count last changed (not in a merge).",
  sources: { properties: ['tenant_id'] },
  functions: [],
  triggers: [],
  rebuild: null,
  unrebuildable:
    'It records when a change was observed; the walk checks that it is stamped whenever companies.store_count moves outside a merge.',
  stamps: 'companies.store_count',
  content: `SELECT id || ' ' || coalesce(store_changed_at::text, 'null') AS r FROM companies ORDER BY 1`,
  readers: [
    'modules/tracked-retailers/tracked-retailers.repository.ts: GET /api/tracked-retailers (lapsed, sort), GET /api/tracked-retailers/{id}',
  ],
  adrs: ['0056', '0059'],
  migrations: ['0018'],
});
