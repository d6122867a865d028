import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { setupUser } from './user';
import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { DEBOUNCE_PICKER_MS, MESSAGES, PAGE_SIZE_PICKER, type PropertySimple } from '@frontage/shared';
import { createQueryClient, queryKeys } from '../src/lib/queryClient';
import { ThemeModeProvider } from '../src/lib/theme';
import { CompanyPicker } from '../src/entities/companies/CompanyPicker';
import type { CompanyRef } from '../src/entities/companies/api';
import { ContactPicker } from '../src/entities/contacts/ContactPicker';
import type { ContactRef } from '../src/entities/contacts/api';
import { PropertyPicker, type PropertyRef } from '../src/entities/properties/PropertyPicker';
import { installFakeFetch, json, type FakeHandler } from './fakeFetch';
import { makeUser } from './fixtures';
import { companySearch, makeCompany, makeContact, page } from './companiesFixtures';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const setup = (ui: ReactNode, routes: Record<string, FakeHandler>, timers?: 'fake') => {
  const api = installFakeFetch(routes);
  const qc = createQueryClient();
  qc.setDefaultOptions({ queries: { ...qc.getDefaultOptions().queries, retry: false } });
  qc.setQueryData(queryKeys.me, makeUser());
  const user = setupUser(timers ? { advanceTimers: vi.advanceTimersByTime } : {});
  render(
    <QueryClientProvider client={qc}>
      <ThemeModeProvider>
        <SnackbarProvider>{ui}</SnackbarProvider>
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
  return { api, user };
};

const boots = makeCompany({ id: 1, name: 'Boots', is_verified: true, verified_at: '2026-01-02T00:00:00Z' });
const bodyShop = makeCompany({ id: 2, name: 'The Body Shop', verified_at: '2025-05-01T00:00:00Z' });
const bookshop = makeCompany({ id: 3, name: 'Bookshop Ltd' });

function SingleCompany({ onValue }: { onValue?: (v: CompanyRef | null) => void }) {
  const [value, setValue] = useState<CompanyRef | null>(null);
  return (
    <CompanyPicker
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

describe('CompanyPicker', () => {
  it('searches the server 375 ms after typing stops, 100 per page with the verification record', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, user } = setup(
      <SingleCompany />,
      { 'GET /api/companies': companySearch([boots, bodyShop, bookshop]) },
      'fake',
    );
    const input = screen.getByRole('combobox', { name: 'Company' });
    await user.click(input);
    await act(() => vi.advanceTimersByTimeAsync(DEBOUNCE_PICKER_MS));
    const opening = api.callsTo('GET', '/api/companies').length;

    await user.type(input, 'boo');
    // Fake time runs alongside real time (the UI needs it), so leave a busy CI machine 150 ms of
    // real time before checking that the search has not gone out yet.
    await act(() => vi.advanceTimersByTimeAsync(DEBOUNCE_PICKER_MS - 150));
    expect(api.callsTo('GET', '/api/companies')).toHaveLength(opening);
    await act(() => vi.advanceTimersByTimeAsync(160));
    await waitFor(() => expect(api.callsTo('GET', '/api/companies')).toHaveLength(opening + 1));
    const params = api.callsTo('GET', '/api/companies').at(-1)!.url.searchParams;
    expect(params.get('q')).toBe('boo');
    expect(params.get('per_page')).toBe(String(PAGE_SIZE_PICKER));
    expect(params.get('include')).toBe('scraper');

    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Boots', 'Bookshop Ltd']);
    // The verification indicator on each option (grey / green / orange).
    expect(within(options[0]!).getByRole('img', { name: MESSAGES.retailerVerified })).toBeInTheDocument();
    expect(
      within(options[1]!).getByRole('img', { name: MESSAGES.retailerNeverVerified }),
    ).toBeInTheDocument();
  });

  it('shows the orange indicator on a lapsed company and keeps it beside the chosen name', async () => {
    const chosen = vi.fn();
    const { user } = setup(<SingleCompany onValue={chosen} />, {
      'GET /api/companies': companySearch([bodyShop]),
    });
    await user.type(screen.getByRole('combobox', { name: 'Company' }), 'body');
    const option = await screen.findByRole('option', { name: /The Body Shop/ });
    expect(
      within(option).getByRole('img', { name: MESSAGES.retailerNotCurrentlyVerified }),
    ).toBeInTheDocument();
    await user.click(option);
    expect(chosen).toHaveBeenLastCalledWith(expect.objectContaining({ id: 2 }));
    expect(screen.getByRole('combobox', { name: 'Company' })).toHaveValue('The Body Shop');
    expect(screen.getByRole('img', { name: MESSAGES.retailerNotCurrentlyVerified })).toBeInTheDocument();
  });

  it('a failed search only stops the loading indicator', async () => {
    const { user } = setup(<SingleCompany />, { 'GET /api/companies': () => json(500, { msg: 'Boom' }) });
    await user.type(screen.getByRole('combobox', { name: 'Company' }), 'x');
    expect(await screen.findByText(MESSAGES.noCompaniesFound)).toBeInTheDocument();
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
    expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
  });

  it('multiple: create-new adds the created company to the selection', async () => {
    function Multi() {
      const [value, setValue] = useState<CompanyRef[]>([boots]);
      return <CompanyPicker multiple label="Landlords" value={value} onChange={setValue} />;
    }
    const created = makeCompany({ id: 9, name: 'Zeta Estates' });
    const { user, api } = setup(<Multi />, {
      'GET /api/companies': companySearch([boots]),
      'POST /api/companies': () => json(201, { data: created }),
    });
    await user.type(screen.getByRole('combobox', { name: 'Landlords' }), 'Zeta Estates');
    await user.click(await screen.findByRole('button', { name: MESSAGES.createNewCompany }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Company' });
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Zeta Estates');
    // Save is enabled once the form has validated.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/companies')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Boots/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Zeta Estates/ })).toBeInTheDocument();
  });

  it('the create button beside the field opens Create Company from the keyboard', async () => {
    const { user } = setup(<SingleCompany />, { 'GET /api/companies': companySearch([]) });
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Company' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'New company' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Create Company' })).toBeInTheDocument();
  });
});

describe('ContactPicker', () => {
  const carla = makeContact({
    id: 50,
    name: 'Carla Contact',
    company_id: 1,
    company: { id: 1, name: 'Boots', core_id: null, domain: 'boots.com', phone: null, is_verified: true },
  });
  const dan = makeContact({
    id: 51,
    name: 'Dan Nocompany',
    email: 'dan@example.org',
    company_id: null,
    company: null,
  });

  function Paired({ initial }: { initial: CompanyRef[] }) {
    const [contacts, setContacts] = useState<ContactRef[]>([]);
    const [companies, setCompanies] = useState<CompanyRef[]>(initial);
    return (
      <>
        <CompanyPicker multiple label="Landlords" value={companies} onChange={setCompanies} />
        <ContactPicker
          multiple
          label="Landlord Contacts"
          value={contacts}
          onChange={setContacts}
          pairedCompanies={companies}
          onAddCompany={(c) => setCompanies((list) => [...list, c])}
        />
      </>
    );
  }

  it('searches contacts with their company and adds a chosen contact’s missing company to the paired list', async () => {
    const { user, api } = setup(<Paired initial={[]} />, {
      'GET /api/users': (req) => {
        const q = (req.url.searchParams.get('q') ?? '').toLowerCase();
        return json(200, page([carla, dan].filter((c) => c.name.toLowerCase().includes(q))));
      },
    });
    const contacts = screen.getByRole('combobox', { name: 'Landlord Contacts' });
    await user.type(contacts, 'carla');
    await user.click(await screen.findByRole('option', { name: /Carla Contact/ }));
    const params = api.callsTo('GET', '/api/users').at(-1)!.url.searchParams;
    expect(params.get('include')).toBe('company');
    expect(params.get('per_page')).toBe(String(PAGE_SIZE_PICKER));
    // Boots joined the landlords.
    expect(screen.getByRole('button', { name: /Boots/ })).toBeInTheDocument();

    // A contact without a company adds nothing.
    await user.type(contacts, 'dan');
    await user.click(await screen.findByRole('option', { name: /Dan Nocompany/ }));
    expect(screen.getAllByRole('button', { name: /Boots/ })).toHaveLength(1);
  });

  it('does not add the company twice when it is already in the paired list', async () => {
    const { user } = setup(<Paired initial={[boots]} />, {
      'GET /api/users': () => json(200, page([carla])),
    });
    await user.type(screen.getByRole('combobox', { name: 'Landlord Contacts' }), 'carla');
    await user.click(await screen.findByRole('option', { name: /Carla Contact/ }));
    expect(screen.getAllByRole('button', { name: /Boots/ })).toHaveLength(1);
  });

  it('offers only the answer for what was typed, first its first match, when contacts share a name', async () => {
    // The opening list (no text) holds two contacts called Amir Patel; MUI keyed options by their
    // name, so React kept the earlier rows above the new answer (ADR 0085).
    const amirs = [makeContact({ id: 60, name: 'Amir Patel' }), makeContact({ id: 61, name: 'Amir Patel' })];
    const priyas = [
      makeContact({ id: 70, name: 'Priya Barnes' }),
      makeContact({ id: 71, name: 'Priya Clarke' }),
    ];
    const { user } = setup(<Paired initial={[]} />, {
      'GET /api/users': (req) => json(200, page(req.url.searchParams.get('q') ? priyas : [...amirs, dan])),
    });
    const contacts = screen.getByRole('combobox', { name: 'Landlord Contacts' });
    await user.click(contacts);
    expect(await screen.findAllByRole('option', { name: /Amir Patel/ })).toHaveLength(2);
    await user.type(contacts, 'Priya');
    await screen.findByRole('option', { name: /Priya Barnes/ });
    const offered = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(offered.map((o) => o.textContent)).toEqual([
      expect.stringMatching(/^Priya Barnes/),
      expect.stringMatching(/^Priya Clarke/),
    ]);
  });

  it("offers 'Create a new contact' when nothing is found", async () => {
    const { user } = setup(<Paired initial={[]} />, {
      'GET /api/users': () => json(200, page([])),
      'GET /api/companies/by-domain': () => json(404, { msg: 'Not found.' }),
    });
    await user.type(screen.getByRole('combobox', { name: 'Landlord Contacts' }), 'Zoe Zed');
    expect(await screen.findByText('No contacts found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create a new contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Contact' });
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Zoe Zed');
  });
});

describe('PropertyPicker', () => {
  function SingleProperty() {
    const [value, setValue] = useState<PropertyRef | null>(null);
    return <PropertyPicker value={value} onChange={setValue} />;
  }

  it("shows each unit's scheme and tenant, the tenant with its retailer indicator", async () => {
    const unit = (id: number, tenant: PropertySimple['tenant'], scheme: PropertySimple['scheme'] = null) => ({
      id,
      building_num: `U${id}`,
      scheme_id: scheme?.id ?? null,
      scheme,
      tenant,
      address: { full_address: `${id} Briggate, Leeds, LS1 6HD` },
    });
    const { user } = setup(<SingleProperty />, {
      'GET /api/properties/simple': () =>
        json(
          200,
          page([
            unit(
              1,
              { id: 1, name: 'Boots', is_verified: true, verified_at: '2026-01-02T00:00:00.000Z' },
              {
                id: 9,
                name: 'Trinity Leeds',
              },
            ),
            unit(2, {
              id: 2,
              name: 'The Body Shop',
              is_verified: false,
              verified_at: '2025-05-01T00:00:00.000Z',
            }),
            unit(3, null),
          ]),
        ),
    });
    await user.type(screen.getByRole('combobox', { name: 'Property' }), 'briggate');
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(3);
    expect(options[0]).toHaveTextContent('Trinity Leeds·Boots');
    expect(within(options[0]!).getByRole('img', { name: MESSAGES.retailerVerified })).toBeInTheDocument();
    expect(
      within(options[1]!).getByRole('img', { name: MESSAGES.retailerNotCurrentlyVerified }),
    ).toBeInTheDocument();
    expect(within(options[2]!).queryByRole('img')).toBeNull();
  });
});
