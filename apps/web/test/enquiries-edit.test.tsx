import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@frontage/shared';
import { TopBar } from '../src/app/layouts/TopBar';
import { renderRoute } from './renderRoute';
import { json, type FakeHandler } from './fakeFetch';
import { makeUser } from './fixtures';
import { companySearch, makeCompany, page } from './companiesFixtures';
import { property } from './placesFixtures';
import { enquiryPage, makeEnquiry, uiStateRoutes, UNIT_4 } from './enquiriesFixtures';

/**
 * Edit Enquiry (spec A §2) and completed → deal (spec A §4): the question after a save
 * that ends as completed, the chooser for the enquiry's property with its company as the new
 * tenant, carried into the letting wizard's tenant.
 */

/** The top bar, which opens the shell's dialogs. */
const beside = <TopBar drawerOpen={false} onToggleDrawer={() => {}} />;

afterEach(() => vi.unstubAllGlobals());
vi.mock('../src/components/map/MapView', () => ({ MapView: () => <div data-testid="map" /> }));

beforeAll(() => {
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  if (!document.elementFromPoint) document.elementFromPoint = () => null;
});

const HOME = '/reports/gap-analysis';
const greggs = makeCompany({ id: 3, name: 'Greggs' });
const emptyPage = page([]);

const routes = (
  enquiry = makeEnquiry(),
  extra: Record<string, FakeHandler> = {},
): Record<string, FakeHandler> => ({
  ...uiStateRoutes(),
  'GET /api/properties/simple': () => json(200, { data: [UNIT_4] }),
  'GET /api/enquiries': () => json(200, enquiryPage([enquiry])),
  'GET /api/enquiries/70': () => json(200, { data: { ...enquiry, unverified_history_count: 0 } }),
  'GET /api/comments': () => json(200, emptyPage),
  'GET /api/companies': companySearch([greggs]),
  'GET /api/companies/3': () => json(200, { data: greggs }),
  'GET /api/properties/12': () => json(200, { data: property(12, { building_num: 'Unit 4' }) }),
  'GET /api/properties/12/history': () => json(200, emptyPage),
  'GET /api/properties/12/deals': () => json(200, emptyPage),
  ...extra,
});

const openEdit = async (r: ReturnType<typeof renderRoute>) => {
  await r.user.click(await screen.findByRole('button', { name: 'Enquiries' }));
  const manage = await screen.findByRole('dialog', { name: 'Manage Enquiries' });
  await r.user.click(within(manage).getByRole('button', { name: 'Property' }));
  await r.user.click(within(manage).getByRole('combobox', { name: 'Property' }));
  await r.user.click(await screen.findByRole('option', { name: /Unit 4 Park Lane/ }));
  await r.user.click(await within(manage).findByRole('button', { name: /^(Edit|View) enquiry$/ }));
  return screen.findByRole('dialog', { name: 'Editing Enquiry' });
};

const search = (r: ReturnType<typeof renderRoute>) =>
  Object.fromEntries(new URLSearchParams(r.router.state.location.search));

describe('Edit Enquiry dialog', () => {
  it('saves every field; completed asks the deal question, and Yes opens the chooser with the company as the new tenant, carried into the letting wizard', async () => {
    const puts: unknown[] = [];
    const r = renderRoute(HOME, {
      beside,
      user: makeUser(),
      routes: routes(makeEnquiry(), {
        'PUT /api/enquiries/70': (req) => {
          puts.push(req.body);
          return json(200, { data: makeEnquiry({ stage: 'completed' }) });
        },
      }),
    });
    const dialog = await openEdit(r);
    expect(await within(dialog).findByRole('combobox', { name: 'Company' })).toHaveValue('Greggs');
    expect(within(dialog).getByRole('textbox', { name: 'Received Date' })).toHaveValue('02/03/2026');
    expect(within(dialog).getByText(/^Created 02\/03\/2026/)).toHaveTextContent('by Alice Agent');
    expect(within(dialog).getByRole('button', { name: 'Discard Changes' })).toBeInTheDocument();

    await r.user.click(within(dialog).getByRole('combobox', { name: /Stage/ }));
    await r.user.click(await screen.findByRole('option', { name: 'Completed' }));
    // The comments panel has its own Save; the dialog's is the last.
    await r.user.click(within(dialog).getAllByRole('button', { name: 'Save' }).at(-1)!);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      scheme_id: null,
      property_id: 12,
      company_id: 3,
      user_id: null,
      received_at: '03/02/2026',
      size_from: 1000,
      size_to: 2500,
      rent_from: '20000.00',
      rent_to: '45000.00',
      stage: 'completed',
      reason: 'new_store',
    });

    const question = await screen.findByRole('dialog', { name: 'Enquiry completed' });
    expect(question).toHaveTextContent(MESSAGES.enquiryCompleted);
    await r.user.click(within(question).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(search(r)).toMatchObject({ create_deal: 'property:12', deal_tenant: '3' }));
    const chooser = await screen.findByRole('dialog', { name: /^Create Deal for Unit 4/ });
    await r.user.click(within(chooser).getByRole('menuitem', { name: 'Letting' }));
    await waitFor(() =>
      expect(search(r)).toMatchObject({ deal: 'new_letting', property_id: '12', deal_tenant: '3' }),
    );
    expect(search(r).create_deal).toBeUndefined();

    const wizard = await screen.findByRole('dialog', { name: 'Add Deal - New Letting' });
    await within(wizard).findByRole('textbox', { name: 'Street' });
    await r.user.click(
      within(wizard)
        .getAllByRole('tab')
        .find((t) => t.textContent?.includes('Lease Information'))!,
    );
    const next = within(wizard).getByRole('region', { name: 'New Tenant' });
    expect(within(next).getByRole('combobox', { name: 'Tenant' })).toHaveValue('Greggs');
    // Closing the wizard forgets the tenant with the rest of the wizard's parameters.
    await r.user.click(within(wizard).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(search(r).deal_tenant).toBeUndefined());
  });

  it('shows a record the user may not edit with disabled fields and no Save', async () => {
    const r = renderRoute(HOME, {
      beside,
      user: makeUser(),
      routes: routes(makeEnquiry({ can_edit: false })),
    });
    const dialog = await openEdit(r);
    expect(await within(dialog).findByRole('combobox', { name: 'Company' })).toBeDisabled();
    // Anyone may still comment on it: the one Save left is the comment's.
    const panel = within(dialog).getByTestId('comments-panel');
    expect(within(dialog).getAllByRole('button', { name: 'Save' })).toEqual([
      within(panel).getByRole('button', { name: 'Save' }),
    ]);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
