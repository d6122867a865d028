import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@frontage/shared';
import { ENQUIRY_SEARCH_LABEL } from '../src/entities/enquiries/api';
import PipelinesPage from '../src/features/pipelines/pages/PipelinesPage';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { makeUser } from './fixtures';
import { companySearch, makeCompany } from './companiesFixtures';
import { enquiriesApi, makeEnquiry, uiState } from './pipelinesFixtures';

/** The screens under test, as the app routes them. */
const pages = { '/pipelines': <PipelinesPage /> };

afterEach(() => vi.unstubAllGlobals());

/** The board once every column has its count (the first render of the page is slow on a busy CI machine). */
const boardLoaded = async () => {
  for (const name of ['Interest', 'Under Offer', 'Completed', 'Withdrawn'])
    await screen.findByRole('heading', { name: new RegExp(`^${name}, `) }, { timeout: 30_000 });
};
const column = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}, `) });
const cardsIn = (name: string) => within(column(name)).getByRole('list', { name: `${name} enquiries` });

const boots = makeEnquiry();
const costa = makeEnquiry({
  id: 2,
  stage: 'under_offer',
  company: null,
  company_id: null,
  user_id: 60,
  user: { id: 60, name: 'Carla Contact', email: null },
  property_id: null,
  property: null,
  scheme_id: 5,
  scheme: { id: 5, name: 'Abbey Retail Park' },
  size_from: null,
  size_to: 800,
  rent_from: null,
  rent_to: null,
  reason: 'unknown',
  can_edit: false,
});

const stageQueries = (api: ReturnType<typeof renderRoute>['api']) =>
  api.callsTo('GET', '/api/enquiries').map((c) => Object.fromEntries(c.url.searchParams));

describe('/pipelines', () => {
  it('asks each stage for its own first page with the saved filters and shows each count', async () => {
    const { api } = renderRoute('/pipelines', {
      pages,
      user: makeUser(),
      routes: {
        ...uiState({
          owner: 'mine',
          scheme: { id: 5, name: 'Abbey Retail Park' },
          town: 'Portsmouth',
          company: { id: 10, name: 'Boots' },
        }),
        ...enquiriesApi([boots], { extra: { interest: 1233, completed: 1 } }),
      },
    });
    await boardLoaded();
    expect(screen.getByRole('heading', { name: 'Interest, 1,234 enquiries' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Under Offer, 0 enquiries' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Completed, 1 enquiry' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Withdrawn, 0 enquiries' })).toBeInTheDocument();
    const queries = stageQueries(api);
    expect(queries.map((q) => q.stage)).toEqual(['interest', 'under_offer', 'completed', 'withdrawn']);
    for (const q of queries)
      expect(q).toEqual({
        include: 'company,user,scheme,property',
        mine: '1',
        scheme_id: '5',
        town: 'Portsmouth',
        company_id: '10',
        stage: q.stage,
        sort: '-updated_at',
        per_page: '25',
        page: '1',
      });
    const filters = within(screen.getByRole('search', { name: 'Pipelines filters' }));
    expect(filters.getByRole('button', { name: 'Mine' })).toHaveAttribute('aria-pressed', 'true');
    expect(filters.getByRole('combobox', { name: 'Scheme' })).toHaveValue('Abbey Retail Park');
    expect(filters.getByRole('textbox', { name: 'Town' })).toHaveValue('Portsmouth');
    expect(filters.getByRole('combobox', { name: 'Retailer' })).toHaveValue('Boots');
  });

  it('sends a changed filter to every column, back at page 1, and saves it', async () => {
    const { api, user } = renderRoute('/pipelines', {
      pages,
      user: makeUser(),
      routes: {
        ...uiState(null),
        ...enquiriesApi([boots]),
        'GET /api/companies': companySearch([makeCompany({ id: 10, name: 'Boots' })]),
      },
    });
    await boardLoaded();
    expect(screen.getByRole('heading', { name: 'Interest, 1 enquiry' })).toBeInTheDocument();
    expect(stageQueries(api)[0]).not.toHaveProperty('mine');
    const filters = within(screen.getByRole('search', { name: 'Pipelines filters' }));
    await user.click(filters.getByRole('button', { name: "My company's" }));
    await user.type(filters.getByRole('searchbox', { name: ENQUIRY_SEARCH_LABEL }), 'leeds');
    await user.type(filters.getByRole('combobox', { name: 'Retailer' }), 'Boo');
    await user.click(await screen.findByRole('option', { name: /Boots/ }));
    await waitFor(() => {
      const last = stageQueries(api).slice(-4);
      expect(last.map((q) => q.stage).sort()).toEqual(['completed', 'interest', 'under_offer', 'withdrawn']);
      for (const q of last)
        expect(q).toMatchObject({ q: 'leeds', my_company: '1', company_id: '10', page: '1' });
    });
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/ui-state/pipelines').at(-1)?.body).toEqual({
        state: {
          q: 'leeds',
          owner: 'my_company',
          scheme: null,
          town: '',
          company: { id: 10, name: 'Boots' },
        },
      }),
    );
  });

  it('shows who, where (linked), size, rent, reason and age on a card; a card it may not move says why', async () => {
    renderRoute('/pipelines', {
      pages,
      user: makeUser(),
      routes: { ...uiState(null), ...enquiriesApi([boots, costa]) },
    });
    await boardLoaded();
    const card = within(within(cardsIn('Interest')).getByRole('listitem', { name: 'Boots' }));
    expect(card.getByRole('link', { name: 'Boots' })).toHaveAttribute('href', '/enquiries?id=1&type=enquiry');
    expect(card.getByRole('link', { name: 'Unit 9 Park Lane, Portsmouth, PO1 3LP' })).toHaveAttribute(
      'href',
      '/properties?id=12',
    );
    expect(card.getByText('1,000–2,500 sq ft')).toBeInTheDocument();
    expect(card.getByText('£20,000.00–£30,000.00')).toBeInTheDocument();
    expect(card.getByText(/Relocation ·/)).toHaveTextContent(
      /^Relocation · 12 days \(received \d\d\/\d\d\/\d{4}\)$/,
    );
    expect(card.getByRole('button', { name: 'Move Boots to…' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Drag Boots' })).toBeInTheDocument();

    const other = within(within(cardsIn('Under Offer')).getByRole('listitem', { name: 'Carla Contact' }));
    expect(other.getByRole('link', { name: 'Abbey Retail Park' })).toHaveAttribute('href', '/schemes?id=5');
    expect(other.getByText('Up to 800 sq ft')).toBeInTheDocument();
    expect(other.getByText("Only its author's company or an admin can move it")).toBeInTheDocument();
    expect(other.queryByRole('button')).not.toBeInTheDocument();
  });

  it('loads a column’s next page on "Load more"', async () => {
    const rows = Array.from({ length: 30 }, (_, i) =>
      makeEnquiry({
        id: 100 + i,
        company: { id: 100 + i, name: `Retailer ${i + 1}`, is_verified: false, verified_at: null },
      }),
    );
    const { api, user } = renderRoute('/pipelines', {
      pages,
      user: makeUser(),
      routes: { ...uiState(null), ...enquiriesApi(rows) },
    });
    await boardLoaded();
    expect(within(cardsIn('Interest')).getAllByRole('listitem')).toHaveLength(25);
    await user.click(screen.getByRole('button', { name: 'Load more Interest enquiries' }));
    await within(cardsIn('Interest')).findByRole('listitem', { name: 'Retailer 30' });
    expect(within(cardsIn('Interest')).getAllByRole('listitem')).toHaveLength(30);
    expect(
      stageQueries(api)
        .filter((q) => q.stage === 'interest')
        .map((q) => q.page),
    ).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Load more Interest enquiries' })).not.toBeInTheDocument();
  });

  it('moves a card by keyboard from its Move menu: PUT with the new stage, the card lands in the new column', async () => {
    const { api, user } = renderRoute('/pipelines', {
      pages,
      user: makeUser(),
      routes: { ...uiState(null), ...enquiriesApi([makeEnquiry()]) },
    });
    await boardLoaded();
    const move = within(cardsIn('Interest')).getByRole('button', { name: 'Move Boots to…' });
    move.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Move Boots to' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Under Offer', 'Completed', 'Withdrawn']);
    await user.keyboard('{Enter}'); // the first item has the focus
    await waitFor(() => expect(api.callsTo('PUT', '/api/enquiries/1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/enquiries/1')[0]!.body).toEqual({ stage: 'under_offer' });
    const landed = await within(cardsIn('Under Offer')).findByRole('listitem', { name: 'Boots' });
    expect(within(cardsIn('Interest')).queryByRole('listitem', { name: 'Boots' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(landed).getByRole('button', { name: 'Move Boots to…' })).toHaveFocus());
    expect(await screen.findByRole('heading', { name: 'Under Offer, 1 enquiry' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Interest, 0 enquiries' })).toBeInTheDocument();
    expect(screen.getByText('Boots moved to Under Offer.')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.enquiryCompleted)).not.toBeInTheDocument();
  });

  it('asks the deal question when a card moves to completed', async () => {
    const { api, user } = renderRoute('/pipelines', {
      pages,
      user: makeUser(),
      routes: { ...uiState(null), ...enquiriesApi([makeEnquiry()]) },
    });
    await boardLoaded();
    await user.click(within(cardsIn('Interest')).getByRole('button', { name: 'Move Boots to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Completed' }));
    const question = await screen.findByRole('dialog', { name: 'Enquiry completed' });
    expect(question).toHaveTextContent(MESSAGES.enquiryCompleted);
    expect(api.callsTo('PUT', '/api/enquiries/1')[0]!.body).toEqual({ stage: 'completed' });
    await user.click(within(question).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(cardsIn('Completed')).getByRole('listitem', { name: 'Boots' })).toBeInTheDocument();
  });

  it('puts a refused card back and shows the server’s message, staying on the board', async () => {
    const refusal = 'Only the enquiry’s author, anyone of the author’s company or an admin may change it.';
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { api, user, router } = renderRoute('/pipelines', {
      pages,
      user: makeUser(),
      routes: {
        ...uiState(null),
        ...enquiriesApi([makeEnquiry()]),
        'PUT /api/enquiries/1': async () => {
          await gate;
          return json(403, { msg: refusal });
        },
      },
    });
    await boardLoaded();
    await user.click(within(cardsIn('Interest')).getByRole('button', { name: 'Move Boots to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Withdrawn' }));
    // Optimistic: the card is in its new column while the server answers.
    expect(await within(cardsIn('Withdrawn')).findByRole('listitem', { name: 'Boots' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Withdrawn, 1 enquiry' })).toBeInTheDocument();
    release();
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    const back = await within(cardsIn('Interest')).findByRole('listitem', { name: 'Boots' });
    expect(within(cardsIn('Withdrawn')).queryByRole('listitem')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Interest, 1 enquiry' })).toBeInTheDocument();
    await waitFor(() => expect(within(back).getByRole('button', { name: 'Move Boots to…' })).toHaveFocus());
    expect(router.state.location.pathname).toBe('/pipelines');
    expect(api.callsTo('PUT', '/api/enquiries/1')).toHaveLength(1);
    expect(screen.queryByText(MESSAGES.enquiryCompleted)).not.toBeInTheDocument();
  });
});
