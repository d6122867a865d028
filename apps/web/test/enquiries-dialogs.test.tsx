import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@frontage/shared';
import { TopBar } from '../src/app/layouts/TopBar';
import { renderRoute } from './renderRoute';
import { json, type FakeHandler } from './fakeFetch';
import { makeUser } from './fixtures';
import { companySearch, makeCompany, page } from './companiesFixtures';
import { enquiryPage, makeEnquiry, uiStateRoutes, UNIT_4 } from './enquiriesFixtures';

/** The top bar, which opens the shell's dialogs. */
const beside = <TopBar drawerOpen={false} onToggleDrawer={() => {}} />;

afterEach(() => vi.unstubAllGlobals());

/** Any page: the dialogs open over it from the top bar. */
const HOME = '/reports/gap-analysis';
const greggs = makeCompany({ id: 3, name: 'Greggs' });

const base = (extra: Record<string, FakeHandler> = {}): Record<string, FakeHandler> => ({
  ...uiStateRoutes(),
  'GET /api/properties/simple': () => json(200, { data: [UNIT_4] }),
  'GET /api/schemes': () => json(200, page([])),
  'GET /api/companies': companySearch([greggs]),
  'GET /api/users': () => json(200, page([])),
  'GET /api/enquiries': () => json(200, enquiryPage([])),
  'GET /api/comments': () => json(200, page([])),
  ...extra,
});

const openManage = async (r: ReturnType<typeof renderRoute>) => {
  await r.user.click(await screen.findByRole('button', { name: 'Enquiries' }));
  return screen.findByRole('dialog', { name: 'Manage Enquiries' });
};

/** Chooses Property in the toggle and picks Unit 4 from the property search. */
const chooseUnit4 = async (r: ReturnType<typeof renderRoute>, dialog: HTMLElement) => {
  await r.user.click(within(dialog).getByRole('button', { name: 'Property' }));
  await r.user.click(within(dialog).getByRole('combobox', { name: 'Property' }));
  await r.user.click(await screen.findByRole('option', { name: /Unit 4 Park Lane/ }));
};

const listStages = (r: ReturnType<typeof renderRoute>) =>
  r.api.callsTo('GET', '/api/enquiries').map((c) => c.url.searchParams.get('stage'));

describe('Manage Enquiries dialog', () => {
  it('shows the three empty states and keeps Create new enquiry disabled until a subject is chosen', async () => {
    const r = renderRoute(HOME, { beside, user: makeUser(), routes: base() });
    const dialog = await openManage(r);
    expect(await within(dialog).findByText('Select a scheme to view enquiries')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create new enquiry' })).toBeDisabled();
    await r.user.click(within(dialog).getByRole('button', { name: 'Property' }));
    expect(await within(dialog).findByText('Select a property to view enquiries')).toBeInTheDocument();
    // Nothing is asked of the server until something is chosen.
    expect(r.api.callsTo('GET', '/api/enquiries')).toHaveLength(0);
    await chooseUnit4(r, dialog);
    expect(await within(dialog).findByText('No records found')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create new enquiry' })).toBeEnabled();
  });

  it('asks for the live stages while Hide Withdrawn/Completed is ticked (the default), and every stage when not', async () => {
    const r = renderRoute(HOME, {
      beside,
      user: makeUser(),
      routes: base({ 'GET /api/enquiries': () => json(200, enquiryPage([makeEnquiry()])) }),
    });
    const dialog = await openManage(r);
    const hide = within(dialog).getByRole('checkbox', { name: 'Hide Withdrawn/Completed' });
    expect(hide).toBeChecked();
    await chooseUnit4(r, dialog);
    const company = await within(dialog).findByRole('gridcell', { name: /Greggs/ });
    // The enquirer's verification indicator (spec B §2) before its name.
    expect(within(company).getByRole('img', { name: MESSAGES.retailerNeverVerified })).toBeInTheDocument();
    const first = r.api.callsTo('GET', '/api/enquiries')[0]!.url.searchParams;
    expect(first.get('property_id')).toBe('12');
    expect(first.get('stage')).toBe('interest,under_offer');
    expect(first.get('sort')).toBe('-id');
    expect(first.get('per_page')).toBe('10');
    await r.user.click(hide);
    await waitFor(() => expect(listStages(r).at(-1)).toBeNull());
  });

  it('deletes a row after the spec’s question', async () => {
    const r = renderRoute(HOME, {
      beside,
      user: makeUser(),
      routes: base({
        'GET /api/enquiries': () => json(200, enquiryPage([makeEnquiry()])),
        'DELETE /api/enquiries/70': () => new Response(null, { status: 204 }),
      }),
    });
    const dialog = await openManage(r);
    await chooseUnit4(r, dialog);
    await r.user.click(await within(dialog).findByRole('button', { name: 'Delete enquiry' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete enquiry' });
    expect(confirm).toHaveTextContent(MESSAGES.deleteEnquiry);
    await r.user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(r.api.callsTo('DELETE', '/api/enquiries/70')).toHaveLength(1));
  });
});

describe('Create Enquiry dialog', () => {
  const openCreate = async (r: ReturnType<typeof renderRoute>) => {
    const manage = await openManage(r);
    await chooseUnit4(r, manage);
    await r.user.click(within(manage).getByRole('button', { name: 'Create new enquiry' }));
    return screen.findByRole('dialog', { name: 'New Enquiry for Unit 4 Park Lane, Portsmouth, PO1 3LP' });
  };

  it('Save shows the contact-or-company message on both pickers and the stage message, sending nothing', async () => {
    const r = renderRoute(HOME, { beside, user: makeUser(), routes: base() });
    const dialog = await openCreate(r);
    await r.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText(MESSAGES.enquiryContactOrCompany)).toHaveLength(2);
    expect(within(dialog).getByText(MESSAGES.enquiryStage)).toBeInTheDocument();
    expect(r.api.callsTo('POST', '/api/enquiries')).toHaveLength(0);
  });

  it('creates a company in place from the picker’s hint, selects it and sends the spec’s payload', async () => {
    const created = makeCompany({ id: 9, name: 'Pret A Manger' });
    const r = renderRoute(HOME, {
      beside,
      user: makeUser(),
      routes: base({
        'POST /api/companies': () => json(201, { data: created }),
        'POST /api/enquiries': () => json(201, { data: makeEnquiry({ id: 71, company_id: 9 }) }),
      }),
    });
    const dialog = await openCreate(r);
    await r.user.type(within(dialog).getByRole('combobox', { name: 'Company' }), 'Pret');
    await r.user.click(
      await screen.findByRole('button', { name: 'No companies found. Create a new company' }),
    );
    const company = await screen.findByRole('dialog', { name: 'Create Company' });
    // Save is enabled once the form has validated.
    await waitFor(() => expect(within(company).getByRole('button', { name: 'Save' })).toBeEnabled());
    await r.user.click(within(company).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create Company' })).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByRole('combobox', { name: 'Company' })).toHaveValue('Pret A Manger');

    await r.user.click(within(dialog).getByRole('combobox', { name: /Stage/ }));
    await r.user.click(await screen.findByRole('option', { name: 'Under Offer' }));
    await r.user.type(within(dialog).getByRole('textbox', { name: 'Received Date' }), '05032026');
    await r.user.type(within(dialog).getByRole('textbox', { name: 'Size From' }), '900');
    await r.user.type(within(dialog).getByRole('textbox', { name: 'Size To' }), '3000');
    await r.user.type(within(dialog).getByRole('textbox', { name: 'Rent To' }), '55000');
    await r.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(r.api.callsTo('POST', '/api/enquiries')).toHaveLength(1));
    expect(r.api.callsTo('POST', '/api/enquiries')[0]!.body).toEqual({
      property_id: 12,
      scheme_id: null,
      company_id: 9,
      user_id: null,
      received_at: '03/05/2026',
      size_from: 900,
      size_to: 3000,
      rent_from: null,
      rent_to: '55000.00',
      stage: 'under_offer',
      reason: 'unknown',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /New Enquiry for/ })).not.toBeInTheDocument(),
    );
  });

  it('the contact picker’s hint opens Create Contact and selects the created contact', async () => {
    const r = renderRoute(HOME, {
      beside,
      user: makeUser(),
      routes: base({
        'POST /api/users': () =>
          json(201, { data: makeUser({ id: 60, name: 'Dana Retail', email: 'd@g.co' }) }),
      }),
    });
    const dialog = await openCreate(r);
    await r.user.type(within(dialog).getByRole('combobox', { name: 'Contact' }), 'Dana');
    // One sentence that creates on click (spec A §2).
    await r.user.click(
      await screen.findByRole('button', { name: 'No contacts found. Create a new contact' }),
    );
    const contact = await screen.findByRole('dialog', { name: 'Create Contact' });
    await r.user.type(within(contact).getByRole('textbox', { name: /^E-mail/ }), 'd@g.co');
    // Save is enabled once the form has validated.
    await waitFor(() => expect(within(contact).getByRole('button', { name: 'Save' })).toBeEnabled());
    await r.user.click(within(contact).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create Contact' })).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByRole('combobox', { name: 'Contact' })).toHaveValue('Dana Retail');
    // Enquiry pickers search 50 contacts at a time (spec A §9).
    expect(r.api.callsTo('GET', '/api/users').at(-1)!.url.searchParams.get('per_page')).toBe('50');
  });
});
