import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { LEASE_TERM_MESSAGES, type Property } from '@frontage/shared';
import PropertiesPage from '../src/features/properties/pages/PropertiesPage';
import { DealWizardHost } from '../src/features/deals/DealWizardHost';
import { renderRoute } from './renderRoute';
import { json, type FakeHandler, type FakeRequest } from './fakeFetch';
import { makeUser } from './fixtures';
import { address, party, property } from './placesFixtures';
import {
  emptyPropertyForm,
  toSchemePropertyPayload,
  toStandalonePayload,
} from '../src/entities/properties/propertyForm';
import { fillFromProperty } from '../src/features/deals/form/dealForm';

/**
 * The lease terms (ADR 0086) in the forms: the Edit Property dialog shows them from the record,
 * sends only the ones changed (a cleared one as null), names a bad number from the shared schema
 * before sending; the property view shows them by their labels; a wizard's Lease Date step sends
 * them in the deal and its Review shows the change; the create payloads and a new letting's prefill.
 */

afterEach(() => vi.unstubAllGlobals());
vi.mock('../src/components/map/MapView', () => ({ MapView: () => <div data-testid="map" /> }));

beforeAll(() => {
  // jsdom has no layout: ProseMirror (the comment editor) asks ranges for rectangles.
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  if (!document.elementFromPoint) document.elementFromPoint = () => null;
});

const emptyPage = {
  data: [],
  meta: { pagination: { total: 0, count: 0, per_page: 15, current_page: 1, total_pages: 0 } },
};

const UNIT = property(12, {
  tenant_id: 7,
  tenant: party(7, 'Boots'),
  landlords: [party(8, 'Landsec')],
  rent_pa: '40000.00',
  lease_start_date: '2021-06-24',
  lease_end_date: '2031-06-23',
  address: { ...address, id: 41 },
  security_of_tenure: 'inside_act',
  break_party: 'tenant',
  break_kind: 'fixed',
  break_notice_months: 6,
  review_interval_years: 5,
  review_basis: 'open_market_upward_only',
  lease_notes: 'Deposit of one quarter held.',
}) as unknown as Property;

function open(path: string, routes: Record<string, FakeHandler> = {}) {
  let current = UNIT;
  return renderRoute(path, {
    pages: { '/properties': <PropertiesPage /> },
    user: makeUser(),
    beside: <DealWizardHost />,
    routes: {
      'GET /api/properties/12': () => json(200, { data: current }),
      'GET /api/properties/12/history': () => json(200, emptyPage),
      'GET /api/properties/12/deals': () => json(200, emptyPage),
      'GET /api/properties': () => json(200, emptyPage),
      'GET /api/comments': () => json(200, emptyPage),
      'PUT /api/properties/12': (req: FakeRequest) => {
        current = { ...current, ...(req.body as object) } as Property;
        return json(200, { data: current });
      },
      'POST /api/deals': () => json(201, { data: { id: 501 } }),
      ...routes,
    },
  });
}

const choose = async (user: UserEvent, scope: HTMLElement, field: string, option: string) => {
  await user.click(within(scope).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
};
const retype = async (user: UserEvent, field: HTMLElement, text: string) => {
  await user.clear(field);
  if (text) await user.type(field, text);
};

describe('the property’s lease terms', () => {
  it('are shown by their labels in the Lease Info card', async () => {
    open('/properties?id=12');
    const card = await screen.findByRole('region', { name: 'Lease Info' });
    await waitFor(() => expect(card).toHaveTextContent('Inside the 1954 Act'));
    for (const text of [
      'Security of Tenure',
      'Break Exercisable By',
      'Tenant',
      'Break Type',
      'Fixed date',
      'Break Notice (months)',
      '6 months',
      'Review Every (years)',
      '5 years',
      'Open market, upward only',
      'Deposit of one quarter held.',
    ])
      expect(card).toHaveTextContent(text);
  });

  it('the Edit Property dialog shows them and sends only the changed ones, a cleared one as null', async () => {
    const { user, api } = open('/properties?id=12');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const d = within(await screen.findByRole('dialog', { name: 'Edit Property' }));
    const lease = within(d.getByRole('region', { name: 'Lease Info' }));
    expect(lease.getByRole('combobox', { name: 'Security of Tenure' })).toHaveTextContent(
      'Inside the 1954 Act',
    );
    expect(lease.getByRole('combobox', { name: 'Break Exercisable By' })).toHaveTextContent('Tenant');
    expect(lease.getByRole('combobox', { name: 'Break Type' })).toHaveTextContent('Fixed date');
    expect(lease.getByRole('combobox', { name: 'Review Basis' })).toHaveTextContent(
      'Open market, upward only',
    );
    expect(lease.getByRole('spinbutton', { name: 'Break Notice (months)' })).toHaveValue(6);
    expect(lease.getByRole('spinbutton', { name: 'Review Every (years)' })).toHaveValue(5);
    expect(lease.getByRole('textbox', { name: 'Lease Notes' })).toHaveValue('Deposit of one quarter held.');
    // The spec's fields keep their place: the terms come after them.
    expect(
      lease
        .getByRole('textbox', { name: 'Break Clause' })
        .compareDocumentPosition(lease.getByRole('combobox', { name: 'Security of Tenure' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    // A number out of range is named from the shared schema, before anything is sent.
    const months = lease.getByRole('spinbutton', { name: 'Break Notice (months)' });
    await retype(user, months, '61');
    await user.click(d.getByRole('button', { name: 'Save' }));
    expect(await d.findByText(LEASE_TERM_MESSAGES.breakNoticeMonths)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/properties/12')).toHaveLength(0);

    await retype(user, months, '3');
    await choose(user, d.getByRole('region', { name: 'Lease Info' }), 'Security of Tenure', 'Contracted out');
    await choose(user, d.getByRole('region', { name: 'Lease Info' }), 'Break Type', 'None');
    await retype(user, lease.getByRole('textbox', { name: 'Lease Notes' }), '');
    await user.click(d.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/properties/12')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/properties/12')[0]!.body).toEqual({
      security_of_tenure: 'contracted_out',
      break_kind: null,
      break_notice_months: 3,
      lease_notes: null,
    });
  });
});

describe('a wizard’s Lease Date step', () => {
  it('starts from the unit’s terms, sends the changed ones in the deal, and the Review shows them', async () => {
    const posts: unknown[] = [];
    const { user } = open('/properties?deal=lease_renewal&property_id=12&name=Unit%209', {
      'POST /api/deals': (req) => {
        posts.push(req.body);
        return json(201, { data: { id: 501 } });
      },
    });
    const wizard = within(await screen.findByRole('dialog', { name: 'Add Deal - Lease Renewal/Re-gear' }));
    await wizard.findByRole('textbox', { name: 'Street' });
    await user.click(wizard.getAllByRole('tab').find((t) => t.textContent?.includes('Lease Date'))!);
    const step = within(wizard.getByRole('region', { name: 'Lease Date' }));
    expect(step.getByRole('combobox', { name: 'Security of Tenure' })).toHaveTextContent(
      'Inside the 1954 Act',
    );
    await choose(user, wizard.getByRole('region', { name: 'Lease Date' }), 'Break Exercisable By', 'Mutual');
    await choose(user, wizard.getByRole('region', { name: 'Lease Date' }), 'Break Type', 'Rolling');
    await retype(user, step.getByRole('spinbutton', { name: 'Review Every (years)' }), '3');
    await choose(
      user,
      wizard.getByRole('region', { name: 'Lease Date' }),
      'Review Basis',
      'Index-linked, collared and capped',
    );
    await retype(user, step.getByRole('textbox', { name: 'Lease Notes' }), 'Renewed on the same terms.');

    await user.click(wizard.getAllByRole('tab').find((t) => t.textContent?.includes('Review'))!);
    const changes = wizard.getByRole('table');
    for (const text of [
      'Break Exercisable By',
      'Mutual',
      'Rolling',
      '3 years',
      'Index-linked, collared and capped',
    ])
      expect(changes).toHaveTextContent(text);
    for (const box of wizard.queryAllByRole('checkbox', { name: 'Record anyway' }))
      if (!(box as HTMLInputElement).checked) await user.click(box);
    await user.click(wizard.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      deal_type: 'lease_renewal',
      property_id: 12,
      security_of_tenure: 'inside_act',
      break_party: 'mutual',
      break_kind: 'rolling',
      break_notice_months: 6,
      review_interval_years: 3,
      review_basis: 'index_linked_collared',
      lease_notes: 'Renewed on the same terms.',
    });
  });
});

describe('the create payloads', () => {
  it('send the terms given — whole numbers as numbers — and leave out the empty ones', () => {
    const v = {
      ...emptyPropertyForm('GBP'),
      security_of_tenure: 'contracted_out',
      break_notice_months: ' 6 ',
      review_interval_years: '',
      lease_notes: '  Side letter on the service charge cap. ',
    };
    const body = toStandalonePayload(v) as Record<string, unknown>;
    expect(body).toMatchObject({
      security_of_tenure: 'contracted_out',
      break_notice_months: 6,
      lease_notes: 'Side letter on the service charge cap.',
    });
    for (const k of ['break_party', 'break_kind', 'review_interval_years', 'review_basis'])
      expect(body).not.toHaveProperty(k);
    expect(toSchemePropertyPayload(v)).toMatchObject({ break_notice_months: 6 });
    // A number that is not whole is sent as typed, so the shared schema names it.
    expect(toStandalonePayload({ ...v, break_notice_months: '2.5' })).toMatchObject({
      break_notice_months: '2.5',
    });
  });

  it('a new letting starts its new lease without the old lease’s terms', () => {
    expect(fillFromProperty('new_letting', UNIT)).toMatchObject({
      security_of_tenure: '',
      break_notice_months: '',
      lease_notes: '',
    });
    expect(fillFromProperty('lease_renewal', UNIT)).toMatchObject({
      security_of_tenure: 'inside_act',
      break_notice_months: '6',
    });
  });
});
