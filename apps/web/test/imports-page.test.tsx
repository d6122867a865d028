/**
 * The /imports page: the history (who, when, file, counts, status, progress while a job runs) and
 * Revert with its confirmation; the New import steps — upload, mapping (changed and saved as a
 * template), preview (counts, rows with their lines and errors, error CSV, a duplicate group's
 * choice), apply with polled progress, and the link to the records; refusals shown in place.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { IMPORT_MESSAGES, type Import } from '@frontage/shared';
import ImportsPage from '../src/features/imports/pages/ImportsPage';
import { renderRoute } from './renderRoute';
import { json, type FakeHandler } from './fakeFetch';
import { makeAdmin } from './fixtures';
import { formEntries } from './companiesFixtures';
import { pageOf } from './coreAdminFixtures';
import { makeImport } from './importsFixtures';

const pages = { '/imports': <ImportsPage /> };

afterEach(() => vi.unstubAllGlobals());

/** Answers `before` until `started()`, then each GET with the next of `after`, the last one again. */
const states = (before: Import, started: () => boolean, ...after: Import[]): FakeHandler => {
  let i = 0;
  return () => json(200, { data: started() ? after[Math.min(i++, after.length - 1)] : before });
};

const applied = makeImport({
  status: 'applied',
  progress: 5,
  applied_at: new Date().toISOString(),
  counts: { create: 3, update: 0, skip: 1, error: 1 },
});

describe('/imports — history', () => {
  it('lists imports with who, when (en-GB), file, counts and status; Revert asks, then reverts', async () => {
    const { user, api } = renderRoute('/imports', {
      pages,
      user: makeAdmin(),
      routes: {
        'GET /api/imports': () => json(200, pageOf([applied])),
        'POST /api/imports/7/revert': () =>
          json(202, { data: { ...applied, status: 'reverting', progress: 0 } }),
      },
    });
    const grid = await screen.findByRole('grid', { name: 'Imports' });
    const row = (await within(grid).findByText('units.xlsx')).closest('[role="row"]') as HTMLElement;
    expect(row).toHaveTextContent('Adam Admin');
    expect(row).toHaveTextContent(/27\/11\/2026/);
    expect(row).toHaveTextContent('Properties');
    expect(row).toHaveTextContent('3 create · 1 skip · 1 error');
    expect(row).toHaveTextContent('Applied');

    await user.click(within(row).getByRole('button', { name: 'Revert units.xlsx' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revert this import?' });
    expect(dialog).toHaveTextContent(/listed as conflicts/);
    await user.click(within(dialog).getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/imports/7/revert')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/imports/7/revert')[0]!.body).toEqual({ force: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a running import with its progress, asking again until it is done', async () => {
    const running = { ...applied, status: 'applying' as const, progress: 2, applied_at: null };
    let calls = 0;
    renderRoute('/imports', {
      pages,
      user: makeAdmin(),
      routes: { 'GET /api/imports': () => json(200, pageOf([calls++ === 0 ? running : applied])) },
    });
    expect(await screen.findByRole('progressbar', { name: 'Applying units.xlsx' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(await screen.findByRole('button', { name: 'Revert units.xlsx' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Applying units.xlsx' })).not.toBeInTheDocument();
  });

  it('lists the conflicts a revert left and reverts them too when confirmed', async () => {
    const reverted = makeImport({
      status: 'reverted',
      applied_at: new Date().toISOString(),
      reverted_at: new Date().toISOString(),
      conflicts: [{ line: 4, record_id: 901 }],
    });
    const { user, api } = renderRoute('/imports', {
      pages,
      user: makeAdmin(),
      routes: {
        'GET /api/imports': () => json(200, pageOf([reverted])),
        'POST /api/imports/7/revert': () => json(202, { data: { ...reverted, status: 'reverting' } }),
      },
    });
    expect(await screen.findByText('1 conflicts')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revert units.xlsx' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revert the conflicts of units.xlsx' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revert the conflicts too?' });
    expect(within(dialog).getByRole('list', { name: 'Conflicts' })).toHaveTextContent('Line 4: record 901');
    await user.click(within(dialog).getByRole('button', { name: 'Revert conflicts' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/imports/7/revert')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/imports/7/revert')[0]!.body).toEqual({ force: true });
  });
});

describe('/imports — New import', () => {
  const file = () => new File(['Unit No,Road\n1,High Street\n'], 'units.csv', { type: 'text/csv' });

  it('uploads, maps a renamed column and saves a template, previews, chooses, applies and links to the records', async () => {
    const preview = makeImport();
    const remapped = makeImport({ mapping: { ...preview.mapping, street: 'Road' } });
    const applying = { ...remapped, status: 'applying' as const, progress: 2, rows: undefined };
    const done = {
      ...remapped,
      status: 'applied' as const,
      progress: 5,
      applied_at: new Date().toISOString(),
    };
    const { user, api, router } = renderRoute('/imports', {
      pages,
      user: makeAdmin(),
      routes: {
        'GET /api/imports': () => json(200, pageOf([])),
        'GET /api/imports/templates': () => json(200, { data: [] }),
        'POST /api/imports': () => json(201, { data: preview }),
        'PUT /api/imports/7/mapping': () => json(200, { data: remapped }),
        'POST /api/imports/7/apply': () => json(202, { data: applying }),
        'GET /api/imports/7': states(
          remapped,
          () => api.callsTo('POST', '/api/imports/7/apply').length > 0,
          applying,
          done,
        ),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New import' }));
    const dialog = await screen.findByRole('dialog', { name: 'New import' });
    // Every entity the server imports can be chosen (deals included).
    await user.click(within(dialog).getByRole('combobox', { name: 'Entity' }));
    expect(screen.getByRole('option', { name: 'Companies' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('option', { name: 'Deals' })).not.toHaveAttribute('aria-disabled');
    await user.click(screen.getByRole('option', { name: 'Properties' }));
    await user.upload(within(dialog).getByLabelText('Import file'), file());

    const street = await within(dialog).findByRole('combobox', { name: 'Street' });
    expect(formEntries(api.callsTo('POST', '/api/imports')[0]!.body)).toEqual([
      ['entity', 'properties'],
      ['file', 'file:units.csv'],
    ]);
    expect(within(dialog).getByRole('combobox', { name: 'Unit' })).toHaveTextContent('Unit No');
    await user.click(street);
    await user.click(screen.getByRole('option', { name: 'Road' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Save as template' }), 'Agency units');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/imports/7/mapping')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/imports/7/mapping')[0]!.body).toEqual({
      mapping: { unit: 'Unit No', post_code: 'Postcode', tenant: 'Occupier', street: 'Road' },
      template_name: 'Agency units',
    });
    expect(
      await within(dialog).findByText(/5 rows — 3 create, 0 update, 1 skip, 1 error/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download error CSV' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Error (1)' }));
    const errors = within(dialog).getByRole('table', { name: 'Error rows' });
    expect(within(errors).getByRole('row', { name: /^5 Unit 5/ })).toHaveTextContent(
      'tenant: No company named "Nobody Ltd" was found.',
    );
    const groups = within(dialog).getByRole('table', { name: 'Duplicate groups' });
    expect(groups).toHaveTextContent('2, 3');
    await user.click(within(groups).getByRole('combobox', { name: 'Choice for lines 2, 3' }));
    await user.click(screen.getByRole('option', { name: 'Create' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/imports/7/apply')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/imports/7/apply')[0]!.body).toEqual({
      groups: { 'key:2|highst|ls11aa': 'create' },
    });
    expect(
      await within(dialog).findByRole('progressbar', { name: 'Applying the import' }),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText(/Import applied: 3 created/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('link', { name: 'Open Properties' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/properties'));
  });

  it('shows a refused file in place, and a refused mapping on its field', async () => {
    let uploads = 0;
    const { user } = renderRoute('/imports', {
      pages,
      user: makeAdmin(),
      routes: {
        'GET /api/imports': () => json(200, pageOf([])),
        'GET /api/imports/templates': () => json(200, { data: [] }),
        'POST /api/imports': () =>
          uploads++ === 0
            ? json(422, { msg: 'The given data was invalid.', errors: { file: [IMPORT_MESSAGES.empty] } })
            : json(201, { data: makeImport() }),
        'GET /api/imports/7': () => json(200, { data: makeImport() }),
        'PUT /api/imports/7/mapping': () =>
          json(422, {
            msg: 'The given data was invalid.',
            errors: { 'mapping.street': [IMPORT_MESSAGES.mappingInvalid] },
          }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New import' }));
    const dialog = await screen.findByRole('dialog', { name: 'New import' });
    await user.upload(within(dialog).getByLabelText('Import file'), file());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.empty);

    await user.upload(within(dialog).getByLabelText('Import file'), file());
    await user.click(await within(dialog).findByRole('combobox', { name: 'Street' }));
    await user.click(screen.getByRole('option', { name: 'Road' }));
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText(IMPORT_MESSAGES.mappingInvalid)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Street' })).toHaveAttribute('aria-invalid', 'true');
  });
});
