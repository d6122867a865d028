/**
 * The matching components: an enquiry's units with the measure and scope
 * selectors, each a link to its unit; a property's matching enquiries, each a link to the enquiry.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import { setupUser } from './user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EnquiryMatch, PropertyEnquiryMatch } from '@frontage/shared';
import { EnquiryMatches } from '../src/entities/enquiries/EnquiryMatches';
import { PropertyEnquiryMatches } from '../src/entities/enquiries/PropertyEnquiryMatches';
import { installFakeFetch, json } from './fakeFetch';

afterEach(() => vi.unstubAllGlobals());

const wrap = (node: ReactNode) => {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
};

const unit = (over: Partial<EnquiryMatch>): EnquiryMatch => ({
  id: 40,
  building_num: 'Unit 4',
  full_address: '12 High Street, Leeds, LS1 1AA',
  town: 'Leeds',
  scheme: null,
  area: 1500,
  rent_pa: '30000.00',
  currency: 'GBP',
  tenant: null,
  vacant: true,
  lease_end_date: null,
  break_date: null,
  distance_miles: null,
  ...over,
});

const page = <T,>(data: T[], extra: object = {}) => ({
  data,
  meta: {
    pagination: { total: data.length, count: data.length, per_page: 10, current_page: 1, total_pages: 1 },
    ...extra,
  },
});

describe('EnquiryMatches', () => {
  it('lists the units with their availability, each linking to its unit; measure and scope ask again', async () => {
    const api = installFakeFetch({
      'GET /api/enquiries/7/matches': (req) => {
        const scope = req.url.searchParams.get('scope') ?? 'town';
        const measure = req.url.searchParams.get('measure');
        const rows =
          scope === 'radius'
            ? [unit({ id: 41, distance_miles: 0.84, building_num: 'Unit 9' })]
            : [
                unit({}),
                unit({
                  id: 42,
                  building_num: 'SU12',
                  vacant: false,
                  tenant: {
                    id: 3,
                    name: 'Greggs',
                    is_verified: false,
                    verified_at: '2026-01-10T09:00:00.000Z',
                  },
                  lease_end_date: '2027-05-15',
                  break_date: '2026-12-01',
                  area: measure === 'itza_area' ? 520 : 1800,
                  scheme: { id: 2, name: 'Trinity Leeds' },
                }),
              ];
        const radius = scope === 'radius' ? Number(req.url.searchParams.get('radius_miles') ?? 1) : null;
        return json(
          200,
          page(rows, { match: { scope, measure: measure ?? 'nia_sqrt', radius_miles: radius } }),
        );
      },
    });
    const user = setupUser();
    wrap(<EnquiryMatches enquiryId={7} />);

    const table = await screen.findByRole('table', { name: 'Units matching this enquiry' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!).getByRole('link', { name: 'Unit 4, 12 High Street, Leeds, LS1 1AA' }),
    ).toHaveAttribute('href', '/properties?id=40');
    expect(within(first!).getByText('Vacant')).toBeInTheDocument();
    expect(within(first!).getByText('1,500 sq ft')).toBeInTheDocument();
    expect(within(first!).getByText('£30,000.00')).toBeInTheDocument();
    expect(within(second!).getByText('Lease ends 15/05/2027, Break 01/12/2026')).toBeInTheDocument();
    expect(within(second!).getByText('Greggs')).toBeInTheDocument();
    expect(
      within(second!).getByRole('img', { name: 'This retailer is not currently verified' }),
    ).toBeInTheDocument();
    expect(within(second!).getByText('Trinity Leeds')).toBeInTheDocument();
    // The enquiry's own default scope is shown as chosen.
    expect(screen.getByRole('button', { name: 'Town' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'NIA' })).toHaveAttribute('aria-pressed', 'true');
    expect(Object.fromEntries(api.callsTo('GET', '/api/enquiries/7/matches')[0]!.url.searchParams)).toEqual({
      measure: 'nia_sqrt',
      page: '1',
      per_page: '10',
    });

    await user.click(screen.getByRole('button', { name: 'ITZA' }));
    expect(await screen.findByText('520 sq ft')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'ITZA' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Radius' }));
    const miles = await screen.findByRole('spinbutton', { name: 'Miles' });
    expect(await screen.findByRole('link', { name: /Unit 9/ })).toHaveAttribute('href', '/properties?id=41');
    expect(screen.getByText('0.8')).toBeInTheDocument();
    await user.clear(miles);
    await user.type(miles, '5');
    await waitFor(() =>
      expect(
        api.callsTo('GET', '/api/enquiries/7/matches').at(-1)!.url.searchParams.get('radius_miles'),
      ).toBe('5'),
    );
    expect(api.callsTo('GET', '/api/enquiries/7/matches').at(-1)!.url.searchParams.get('scope')).toBe(
      'radius',
    );
  });

  it("shows the server's reason when a scope has no answer, and an empty state", async () => {
    installFakeFetch({
      'GET /api/enquiries/8/matches': (req) =>
        req.url.searchParams.get('scope') === 'scheme'
          ? json(422, {
              message: 'The given data was invalid.',
              errors: { scope: ['This enquiry is not on a scheme.'] },
            })
          : json(200, page([], { match: { scope: 'town', measure: 'nia_sqrt', radius_miles: null } })),
    });
    const user = setupUser();
    wrap(<EnquiryMatches enquiryId={8} />);
    expect(await screen.findByText('No units match this enquiry.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Scheme' }));
    expect(await screen.findByText('This enquiry is not on a scheme.')).toBeInTheDocument();
  });
});

const enquiry = (over: Partial<PropertyEnquiryMatch>): PropertyEnquiryMatch => ({
  id: 5,
  company: { id: 1, name: 'Boots' },
  contact: { id: 2, name: 'Nina Scout' },
  stage: 'interest',
  size_from: 1000,
  size_to: 2000,
  rent_from: null,
  rent_to: '50000.00',
  received_at: '2026-05-03',
  subject: 'Trinity Leeds',
  ...over,
});

describe('PropertyEnquiryMatches', () => {
  it('lists the live enquiries the unit satisfies, each opening the enquiry', async () => {
    installFakeFetch({
      'GET /api/properties/12/enquiry-matches': () =>
        json(
          200,
          page([
            enquiry({}),
            enquiry({
              id: 6,
              company: null,
              stage: 'under_offer',
              size_from: null,
              size_to: null,
              rent_to: null,
            }),
          ]),
        ),
    });
    wrap(<PropertyEnquiryMatches propertyId={12} />);
    const section = screen.getByRole('region', { name: 'Matching enquiries' });
    expect(within(section).getByRole('heading', { name: 'Matching enquiries' })).toBeInTheDocument();
    const table = await within(section).findByRole('table', { name: 'Enquiries this unit would satisfy' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Boots' })).toHaveAttribute(
      'href',
      '/enquiries?id=5&type=enquiry',
    );
    expect(within(first!).getByText('1,000 sq ft–2,000 sq ft')).toBeInTheDocument();
    expect(within(first!).getByText('up to £50,000.00')).toBeInTheDocument();
    expect(within(first!).getByText('03/05/2026')).toBeInTheDocument();
    expect(within(first!).getByText('Interest')).toBeInTheDocument();
    expect(within(second!).getByRole('link', { name: 'Nina Scout' })).toHaveAttribute(
      'href',
      '/enquiries?id=6&type=enquiry',
    );
    expect(within(second!).getByText('Under Offer')).toBeInTheDocument();
    expect(within(second!).getAllByText('Any')).toHaveLength(2);
  });

  it('says so when no enquiry matches', async () => {
    installFakeFetch({ 'GET /api/properties/12/enquiry-matches': () => json(200, page([])) });
    wrap(<PropertyEnquiryMatches propertyId={12} />);
    expect(await screen.findByText('No live enquiries match this unit.')).toBeInTheDocument();
  });
});
