import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { STORE_LIST_MESSAGES, type StoreListPreview, type StoreListRow } from '@frontage/shared';
import CoreAdminPage from '../src/features/core-admin/pages/CoreAdminPage';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { makeAdmin } from './fixtures';
import { formEntries } from './companiesFixtures';
import { makeRetailer, ndjson, pageOf, uiStateRoutes } from './coreAdminFixtures';

/** The screens under test, as the app routes them. */
const pages = { '/core': <CoreAdminPage /> };

afterEach(() => vi.unstubAllGlobals());

const row = (line: number, address: string, overrides: Partial<StoreListRow> = {}): StoreListRow => ({
  line,
  store_name: null,
  address_line_1: address,
  address_line_2: null,
  town: 'Leeds',
  post_code: 'LS1 1AA',
  opening_date: null,
  ...overrides,
});
const unit = (id: number, address: string) => ({
  property_id: id,
  full_address: `${address}, Leeds, LS1 1AA`,
  town: 'Leeds',
  post_code: 'LS1 1AA',
});

const preview: StoreListPreview = {
  company: { id: 1, name: 'Boots' },
  file_name: 'boots.csv',
  rows: [
    {
      row: row(2, '1 Briggate'),
      status: 'matched',
      unit: unit(11, '1 Briggate'),
      vacant_unit: null,
      errors: [],
    },
    { row: row(3, '9 Park Row'), status: 'new', unit: null, vacant_unit: null, errors: [] },
    {
      row: row(4, '5 Boar Lane'),
      status: 'new',
      unit: null,
      vacant_unit: unit(14, '5 Boar Lane'),
      errors: [],
    },
    {
      row: row(5, '7 Vicar Lane', { post_code: 'NOPE' }),
      status: 'invalid',
      unit: null,
      vacant_unit: null,
      errors: [STORE_LIST_MESSAGES.rowPostCode],
    },
  ],
  missing: [unit(20, '2 The Headrow')],
  counts: { matched: 1, new: 2, invalid: 1, missing: 1 },
};

const routes = (apply: () => Response | Promise<Response>) => ({
  ...uiStateRoutes('core_retailers'),
  'GET /api/tracked-retailers': () => json(200, pageOf([makeRetailer({ id: 1, name: 'Boots' })])),
  'POST /api/core/retailers/1/store-list/preview': () => json(200, { data: preview }),
  'POST /api/core/retailers/1/store-list/apply': apply,
});

const openReconcile = async (ue: ReturnType<typeof renderRoute>['user']) => {
  const grid = await screen.findByRole('grid', { name: 'Tracked retailers' });
  await ue.click(await within(grid).findByRole('button', { name: 'Actions for Boots' }));
  await ue.click(await screen.findByRole('menuitem', { name: 'Reconcile store list' }));
  return screen.findByRole('dialog', { name: /Reconcile store list — Boots/ });
};

const file = () =>
  new File(['Address line 1,Town,Post code\n1 Briggate,Leeds,LS1 1AA\n'], 'boots.csv', { type: 'text/csv' });

describe('/core — reconcile a store list', () => {
  it('uploads, shows the three groups, applies the chosen rows with progress, then the result', async () => {
    let stream!: ReadableStreamDefaultController<Uint8Array>;
    const encoder = new TextEncoder();
    const send = (line: unknown) => stream.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
    const { user, api } = renderRoute('/core', {
      pages,
      user: makeAdmin(),
      routes: routes(
        () =>
          new Response(
            new ReadableStream<Uint8Array>({
              start(c) {
                stream = c;
              },
            }),
            { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } },
          ),
      ),
    });
    const dialog = await openReconcile(user);
    expect(within(dialog).getByText(/Address line 1, Town, Post code/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Store list file')).toHaveAttribute(
      'accept',
      expect.stringContaining('.xlsx'),
    );
    await user.upload(within(dialog).getByLabelText('Store list file'), file());

    expect(await within(dialog).findByRole('region', { name: 'Matched (1)' })).toBeInTheDocument();
    expect(formEntries(api.callsTo('POST', '/api/core/retailers/1/store-list/preview')[0]!.body)).toEqual([
      ['file', 'file:boots.csv'],
    ]);
    const fresh = within(dialog).getByRole('region', { name: 'In the list, not on our data (2)' });
    const missing = within(dialog).getByRole('region', { name: 'On our data, not in the list (1)' });
    const invalid = within(dialog).getByRole('region', { name: 'Invalid rows (1)' });
    expect(within(invalid).getByText(STORE_LIST_MESSAGES.rowPostCode)).toBeInTheDocument();
    expect(within(invalid).getByText('5')).toBeInTheDocument();
    // Only the row with a vacant unit offers the tracked-retailer change.
    expect(within(fresh).getByRole('combobox', { name: 'Action for line 3' })).not.toHaveTextContent(
      /vacant unit/,
    );
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();

    await user.click(
      within(fresh).getByRole('checkbox', { name: 'Select all in the list, not on our data' }),
    );
    expect(within(fresh).getByRole('combobox', { name: 'Action for line 3' })).toHaveValue('create');
    expect(within(fresh).getByRole('combobox', { name: 'Action for line 4' })).toHaveValue('tracked_change');
    await user.selectOptions(within(fresh).getByRole('combobox', { name: 'Action for line 3' }), 'skip');
    await user.selectOptions(within(fresh).getByRole('combobox', { name: 'Action for line 3' }), 'create');
    await user.selectOptions(
      within(missing).getByRole('combobox', { name: /Action for 2 The Headrow/ }),
      'Record closure',
    );
    expect(api.callsTo('POST', '/api/core/retailers/1/store-list/apply')).toHaveLength(0);
    const listCalls = api.callsTo('GET', '/api/tracked-retailers').length;

    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/core/retailers/1/store-list/apply')).toHaveLength(1),
    );
    expect(api.callsTo('POST', '/api/core/retailers/1/store-list/apply')[0]!.body).toEqual({
      actions: [
        { action: 'create', row: preview.rows[1]!.row },
        { action: 'tracked_change', row: preview.rows[2]!.row, property_id: 14 },
        { action: 'close', property_id: 20 },
      ],
    });
    send({ type: 'progress', done: 1, total: 3 });
    await waitFor(() =>
      expect(within(dialog).getByRole('progressbar', { name: 'Applying the store list' })).toHaveAttribute(
        'aria-valuenow',
        '33',
      ),
    );
    send({ type: 'progress', done: 3, total: 3 });
    send({ type: 'result', created: 1, changed: 1, closed: 1, msg: STORE_LIST_MESSAGES.applied });
    stream.close();
    expect(await within(dialog).findByText('Units created: 1')).toBeInTheDocument();
    expect(within(dialog).getByText('Closures recorded: 1')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/tracked-retailers').length).toBeGreaterThan(listCalls),
    );
  });

  it('reports a failing row by its line, with nothing written', async () => {
    const { user, api } = renderRoute('/core', {
      pages,
      user: makeAdmin(),
      routes: routes(() =>
        ndjson(
          [
            { type: 'progress', done: 1, total: 2 },
            { type: 'error', line: 4, message: STORE_LIST_MESSAGES.staleRow },
          ],
          5,
        ),
      ),
    });
    const dialog = await openReconcile(user);
    await user.upload(within(dialog).getByLabelText('Store list file'), file());
    const fresh = await within(dialog).findByRole('region', { name: 'In the list, not on our data (2)' });
    await user.click(
      within(fresh).getByRole('checkbox', { name: 'Select all in the list, not on our data' }),
    );
    const listCalls = api.callsTo('GET', '/api/tracked-retailers').length;
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `Line 4: ${STORE_LIST_MESSAGES.staleRow} Nothing was written.`,
    );
    expect(api.callsTo('GET', '/api/tracked-retailers')).toHaveLength(listCalls);
    await user.click(within(dialog).getByRole('button', { name: 'Back to the preview' }));
    expect(within(dialog).getByRole('combobox', { name: 'Action for line 4' })).toHaveValue('tracked_change');
  });

  it('shows a refused file inline, a 422 refused before the stream per line, and guards the chosen rows', async () => {
    let previewAnswer = () =>
      json(422, {
        msg: 'The given data was invalid.',
        errors: { file: [STORE_LIST_MESSAGES.missingColumns] },
      });
    const { user } = renderRoute('/core', {
      pages,
      user: makeAdmin(),
      routes: {
        ...routes(() =>
          json(422, {
            msg: 'The given data was invalid.',
            errors: { 'actions.0.row.post_code': [STORE_LIST_MESSAGES.rowPostCode] },
          }),
        ),
        'POST /api/core/retailers/1/store-list/preview': () => previewAnswer(),
      },
    });
    const dialog = await openReconcile(user);
    await user.upload(within(dialog).getByLabelText('Store list file'), file());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(STORE_LIST_MESSAGES.missingColumns);

    previewAnswer = () => json(200, { data: preview });
    await user.upload(within(dialog).getByLabelText('Store list file'), file());
    const fresh = await within(dialog).findByRole('region', { name: 'In the list, not on our data (2)' });
    await user.selectOptions(within(fresh).getByRole('combobox', { name: 'Action for line 3' }), 'create');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was written.');
    expect(alert).toHaveTextContent(`Line 3: ${STORE_LIST_MESSAGES.rowPostCode}`);

    // Chosen rows are input: Escape asks before throwing them away. Apply was disabled while it
    // ran, so focus can sit on <body> until the dialog's focus trap pulls it back; a key pressed
    // there never reaches the dialog (a user's next key comes long after the trap has run).
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('dialog', { name: /Reconcile store list — Boots/ })).toBeInTheDocument();
  });
});
