// @vitest-environment jsdom
/**
 * Duplicates caught at entry (ADR 0082): Create Company and Create Contact —
 * from the lists and from a picker's create-in-place — show the records the new one may duplicate,
 * let the user open one (new tab) or, in a picker, take it instead, and still create.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { DUPLICATE_MESSAGES, type SimilarCompany, type SimilarContact } from '@frontage/shared';
import { createQueryClient, queryKeys } from '../src/lib/queryClient';
import { ThemeModeProvider } from '../src/lib/theme';
import { CompanyPicker } from '../src/entities/companies/CompanyPicker';
import type { CompanyRef } from '../src/entities/companies/api';
import { ContactPicker } from '../src/entities/contacts/ContactPicker';
import type { ContactRef } from '../src/entities/contacts/api';
import { TopBar } from '../src/app/layouts/TopBar';
import { installFakeFetch, json, type FakeHandler } from './fakeFetch';
import { makeUser } from './fixtures';
import { companySearch, makeCompany, makeContact, page } from './companiesFixtures';
import { renderRoute } from './renderRoute';
import { seriousViolations } from './trackedRetailersFixtures';
import { setupUser } from './user';

afterEach(() => vi.unstubAllGlobals());

const greggs: SimilarCompany = {
  id: 7,
  name: 'Greggs',
  domain: 'greggs.co.uk',
  is_verified: true,
  match: 'similar_name',
};
const agency = makeCompany({ id: 4, name: 'Shopfront Agents' });
const priya: SimilarContact = {
  id: 31,
  name: 'Priya Shah',
  email: 'priya@shopfront-agents.co.uk',
  company_id: agency.id,
  match: 'similar_name',
};

/** GET /api/companies/similar answering Greggs for any name close to it, nothing otherwise. */
const similarCompanies: FakeHandler = (req) =>
  json(200, {
    data: /greg/i.test(req.url.searchParams.get('name') ?? '')
      ? [{ ...greggs, match: req.url.searchParams.get('name') === 'Greggs' ? 'same_name' : 'similar_name' }]
      : [],
  });
const similarContacts: FakeHandler = (req) =>
  json(200, { data: /priya/i.test(req.url.searchParams.get('name') ?? '') ? [priya] : [] });

const mount = (ui: ReactNode, routes: Record<string, FakeHandler>) => {
  const api = installFakeFetch(routes);
  const qc = createQueryClient();
  qc.setDefaultOptions({ queries: { ...qc.getDefaultOptions().queries, retry: false } });
  qc.setQueryData(queryKeys.me, makeUser());
  const user = setupUser();
  render(
    <QueryClientProvider client={qc}>
      <ThemeModeProvider>
        <SnackbarProvider>{ui}</SnackbarProvider>
      </ThemeModeProvider>
    </QueryClientProvider>,
  );
  return { api, user };
};

describe('Create Company', () => {
  const open = async () => {
    const app = renderRoute('/', {
      beside: <TopBar drawerOpen={false} onToggleDrawer={() => {}} />,
      user: makeUser(),
      routes: {
        'GET /api/company-categories': () => json(200, { data: [] }),
        'GET /api/companies/similar': similarCompanies,
        'POST /api/companies': () => json(201, { data: makeCompany({ id: 99, name: 'Greggs' }) }),
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Create Company' }));
    return { ...app, dialog: await screen.findByRole('dialog', { name: 'Create Company' }) };
  };

  it('shows a company of the same name once typing settles, openable in a new tab, and still creates', async () => {
    const { dialog, user, api } = await open();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Greggs');
    await user.type(within(dialog).getByRole('textbox', { name: /^Domain/ }), 'www.Greggs.co.uk');

    const notice = await within(dialog).findByRole('status');
    expect(within(notice).getByText(DUPLICATE_MESSAGES.companyTitle)).toBeInTheDocument();
    await waitFor(() => expect(within(notice).getByText('Same name · greggs.co.uk')).toBeInTheDocument());
    const link = within(notice).getByRole('link', { name: 'Open Greggs (new tab)' });
    expect(link).toHaveAttribute('href', '/companies?id=7');
    expect(link).toHaveAttribute('target', '_blank');
    // Not from a picker: nothing to take instead.
    expect(within(notice).queryByRole('button', { name: /Use this one/ })).not.toBeInTheDocument();
    // The question went out once the text settled, with the domain as the server compares it.
    const asked = api.callsTo('GET', '/api/companies/similar').at(-1)!.url.searchParams;
    expect(asked.get('name')).toBe('Greggs');
    expect(asked.get('domain')).toBe('greggs.co.uk');
    expect(await seriousViolations()).toEqual([]);

    // A warning, not a block.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/companies')).toHaveLength(1));
  });

  it('shows nothing while no company is alike', async () => {
    const { dialog, user, api } = await open();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Waitrose');
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/companies/similar').at(-1)?.url.searchParams.get('name')).toBe(
        'Waitrose',
      ),
    );
    expect(within(dialog).queryByText(DUPLICATE_MESSAGES.companyTitle)).not.toBeInTheDocument();
  });
});

describe('create-in-place from a picker', () => {
  it('CompanyPicker: "Use this one" takes the existing company instead of creating one', async () => {
    const chosen: Array<CompanyRef | null> = [];
    function Single() {
      const [value, setValue] = useState<CompanyRef | null>(null);
      return (
        <CompanyPicker
          value={value}
          onChange={(v) => {
            chosen.push(v);
            setValue(v);
          }}
        />
      );
    }
    const { user, api } = mount(<Single />, {
      'GET /api/companies': companySearch([]),
      'GET /api/companies/similar': similarCompanies,
    });
    await user.type(screen.getByRole('combobox', { name: 'Company' }), 'Gregs');
    await user.click(await screen.findByRole('button', { name: /Create a new company/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Company' });
    const notice = await within(dialog).findByRole('status');
    expect(within(notice).getByText('Similar name · greggs.co.uk')).toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Use this one: Greggs' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(chosen.at(-1)).toMatchObject({ id: 7, name: 'Greggs' });
    expect(screen.getByRole('combobox', { name: 'Company' })).toHaveValue('Greggs');
    expect(api.callsTo('POST', '/api/companies')).toHaveLength(0);
  });

  it('ContactPicker: offers a similar contact of the same company and takes it', async () => {
    const chosen: ContactRef[] = [];
    function Single() {
      const [value, setValue] = useState<ContactRef | null>(null);
      return (
        <ContactPicker
          value={value}
          createWithCompany={agency}
          onChange={(v) => {
            if (v) chosen.push(v);
            setValue(v);
          }}
        />
      );
    }
    const { user, api } = mount(<Single />, {
      'GET /api/users': () => json(200, page([makeContact({ id: 5, name: 'Tom Reed' })].filter(() => false))),
      'GET /api/users/similar': similarContacts,
    });
    await user.type(screen.getByRole('combobox', { name: 'Contact' }), 'Priya Shaw');
    await user.click(await screen.findByRole('button', { name: /Create a new contact/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Contact' });
    const notice = await within(dialog).findByRole('status');
    expect(within(notice).getByText(DUPLICATE_MESSAGES.contactTitle)).toBeInTheDocument();
    expect(
      within(notice).getByText('Similar name in this company · priya@shopfront-agents.co.uk'),
    ).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Open Priya Shah (new tab)' })).toHaveAttribute(
      'href',
      '/users?id=31',
    );
    const asked = api.callsTo('GET', '/api/users/similar').at(-1)!.url.searchParams;
    expect(asked.get('company_id')).toBe(String(agency.id));
    expect(asked.get('name')).toBe('Priya Shaw');

    await user.click(within(notice).getByRole('button', { name: 'Use this one: Priya Shah' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(chosen.at(-1)).toMatchObject({ id: 31, name: 'Priya Shah', company_id: agency.id });
    expect(api.callsTo('POST', '/api/users')).toHaveLength(0);
  });
});
