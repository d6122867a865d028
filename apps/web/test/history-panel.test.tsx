/**
 * The History panel: values as a user reads them — the server's display strings
 * (names, dd/mm/yyyy, £45,000.50), a dash for no value, field labels, the deal that made a change
 * and the source as words — in the same table as before; raw values from an older server still show.
 */
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '@frontage/shared';
import { HistoryPanel } from '../src/entities/history/HistoryPanel';
import { dealLabel } from '../src/entities/history/labels';
import { queryKeys } from '../src/lib/queryClient';
import { makeUser } from './fixtures';
import { installFakeFetch, json } from './fakeFetch';

afterEach(() => vi.unstubAllGlobals());

const entry = (over: Partial<HistoryEntry> & Pick<HistoryEntry, 'id' | 'field'>): HistoryEntry => ({
  entity_type: 'property',
  entity_id: 12,
  old_value: null,
  new_value: null,
  source: 'update',
  deal_id: null,
  user: { id: 2, name: 'Alice Agent' },
  verified: true,
  verified_by: null,
  verified_at: null,
  created_at: '2026-03-05T14:07:00Z',
  ...over,
});

const ENTRIES: HistoryEntry[] = [
  entry({
    id: 1,
    field: 'tenant_id',
    old_value: 3,
    new_value: 4,
    old_display: 'Boots',
    new_display: 'Tesco Stores Ltd',
  }),
  entry({
    id: 2,
    field: 'lease_end_date',
    old_value: null,
    new_value: '2034-01-31',
    old_display: null,
    new_display: '31/01/2034',
    source: 'deal',
    deal_id: 9,
    deal_type: 'rent_review',
  }),
  entry({
    id: 3,
    field: 'rent_pa',
    old_value: '40000.00',
    new_value: '45000.50',
    old_display: '£40,000.00',
    new_display: '£45,000.50',
    source: 'deal',
    deal_id: 10,
  }),
  entry({
    id: 4,
    field: 'landlords',
    old_value: [],
    new_value: [4, 5],
    old_display: null,
    new_display: 'Landsec, Savills',
    source: 'create',
  }),
  // An older server sends no display strings.
  entry({ id: 5, field: 'tenant_agents', old_value: [7], new_value: [], source: 'set_me_as_contact' }),
];

function setup(entries: HistoryEntry[]) {
  installFakeFetch({
    'GET /api/properties/12/history': () =>
      json(200, {
        data: entries,
        meta: {
          pagination: {
            total: entries.length,
            count: entries.length,
            per_page: 15,
            current_page: 1,
            total_pages: 1,
          },
        },
      }),
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(queryKeys.me, makeUser());
  render(
    <QueryClientProvider client={qc}>
      <HistoryPanel entity="property" id={12} refresh={['property', 12]} />
    </QueryClientProvider>,
  );
}

/** The cells of the row whose Field cell is `label`: [When, Who, Field, Old, New, Source, Status]. */
const rowOf = async (label: string) => {
  const table = await screen.findByRole('table', { name: 'Field history' });
  const row = within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryAllByRole('cell')[2]?.textContent === label);
  expect(row, `no row for ${label}`).toBeDefined();
  return within(row!)
    .getAllByRole('cell')
    .map((c) => c.textContent);
};

describe('HistoryPanel', () => {
  it('shows names, en-GB dates and money with its currency under field labels', async () => {
    setup(ENTRIES);
    expect((await rowOf('Tenant')).slice(2, 6)).toEqual(['Tenant', 'Boots', 'Tesco Stores Ltd', 'Edited']);
    expect((await rowOf('Lease End Date')).slice(3, 6)).toEqual(['—', '31/01/2034', 'Rent Review']);
    expect((await rowOf('Rent Pa')).slice(3, 6)).toEqual(['£40,000.00', '£45,000.50', 'Deal #10']);
    expect((await rowOf('Landlords')).slice(3, 6)).toEqual(['—', 'Landsec, Savills', 'Created']);
    expect((await rowOf('Tenant Agents')).slice(3, 6)).toEqual(['#7', '—', 'Set me as contact']);
    expect(screen.queryByText('45000.50')).toBeNull();
    expect(screen.queryByText('2034-01-31')).toBeNull();
  });

  it('names a deal by its type when the entry carries one, else by its id', () => {
    expect(dealLabel({ deal_id: 9, deal_type: 'lease_renewal' })).toBe('Lease Renewal/Re-gear');
    expect(dealLabel({ deal_id: 9, deal_type: 'subletting' })).toBe('Sub-letting/Assignment');
    expect(dealLabel({ deal_id: 9 })).toBe('Deal #9');
    expect(dealLabel({ deal_id: null })).toBeNull();
  });
});
