import { describe, expect, it } from 'vitest';
import {
  DEAL_CHANGE_MESSAGES,
  DEAL_VOID_REASON_MAX,
  canChangeDeal,
  dealVoidBodySchema,
  historySourceLabel,
  type Actor,
} from '../src';

/** Who may correct or void a deal (ADR 0077), the void's reason, and how history names both. */
describe('canChangeDeal', () => {
  const user = (id: number, company_id: number | null): Actor => ({ id, type: 'user', company_id });
  const admin: Actor = { id: 1, type: 'admin', company_id: null };
  const review = { deal_type: 'rent_review' as const, created_by: { id: 2 }, created_by_company_id: 10 };

  it('the recorder, anyone of the recorder’s company, an admin', () => {
    expect(canChangeDeal(user(2, null), review)).toBe(true);
    expect(canChangeDeal(user(3, 10), review)).toBe(true);
    expect(canChangeDeal(admin, review)).toBe(true);
  });

  it('not another company, no company, nobody signed in, nor anyone when the recorder is gone', () => {
    expect(canChangeDeal(user(3, 11), review)).toBe(false);
    expect(canChangeDeal(user(3, null), review)).toBe(false);
    expect(canChangeDeal(null, review)).toBe(false);
    expect(canChangeDeal(user(3, 10), { ...review, created_by: null })).toBe(false);
    expect(canChangeDeal(admin, { ...review, created_by: null })).toBe(true);
  });

  it('a tracked retailer deal: admins only, even its recorder', () => {
    const tracked = { ...review, deal_type: 'tracked_retailer' as const };
    expect(canChangeDeal(user(2, 10), tracked)).toBe(false);
    expect(canChangeDeal(admin, tracked)).toBe(true);
  });
});

describe('dealVoidBodySchema', () => {
  it('trims the reason and requires one, within the bound', () => {
    expect(dealVoidBodySchema.parse({ reason: '  Duplicate ' })).toEqual({ reason: 'Duplicate' });
    for (const reason of [undefined, '', '   ', 3]) {
      const r = dealVoidBodySchema.safeParse({ reason });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(DEAL_CHANGE_MESSAGES.reasonRequired);
    }
    const long = dealVoidBodySchema.safeParse({ reason: 'x'.repeat(DEAL_VOID_REASON_MAX + 1) });
    expect(long.error?.issues[0]?.message).toBe(DEAL_CHANGE_MESSAGES.reasonTooLong);
    expect(dealVoidBodySchema.safeParse({ reason: 'x'.repeat(DEAL_VOID_REASON_MAX) }).success).toBe(true);
  });
});

describe('historySourceLabel', () => {
  it('names a deal by its type, its correction and void after it', () => {
    const entry = { deal_id: 7, deal_type: 'new_letting' as const };
    expect(historySourceLabel({ ...entry, source: 'deal' })).toBe('New Letting');
    expect(historySourceLabel({ ...entry, source: 'deal_correction' })).toBe('New Letting corrected');
    expect(historySourceLabel({ ...entry, source: 'deal_void' })).toBe('New Letting voided');
    expect(historySourceLabel({ source: 'deal_void', deal_id: 7, deal_type: null })).toBe('Deal #7 voided');
    expect(historySourceLabel({ source: 'update', deal_id: null })).toBe('Edited');
  });
});
