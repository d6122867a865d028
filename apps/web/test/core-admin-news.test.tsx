import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { NEWS_MESSAGES, type NewsItem } from '@frontage/shared';
import CoreAdminPage from '../src/features/core-admin/pages/CoreAdminPage';
import { renderRoute } from './renderRoute';
import { json } from './fakeFetch';
import { makeAdmin } from './fixtures';
import { pageOf } from './coreAdminFixtures';

/** The screens under test, as the app routes them. */
const pages = { '/core': <CoreAdminPage /> };

afterEach(() => vi.unstubAllGlobals());

const makeNews = (over: Partial<NewsItem> = {}): NewsItem => ({
  id: 1,
  title: 'Map layers',
  published_at: '2026-11-14T00:00:00.000Z',
  published_on: '2026-11-14',
  description: 'Road, satellite and hybrid',
  body: '<p>Choose the basemap.</p>',
  created_by: { id: 1, name: 'Alex Morgan' },
  created_at: '2026-11-14T09:00:00.000Z',
  updated_at: '2026-11-14T09:00:00.000Z',
  ...over,
});

const routes = () => ({
  'GET /api/core/news': () => json(200, pageOf([makeNews()])),
  'POST /api/core/news': () =>
    json(200, { status: 'success', msg: NEWS_MESSAGES.created, data: makeNews({ id: 2 }) }),
  'PUT /api/core/news/1': () =>
    json(200, { status: 'success', msg: NEWS_MESSAGES.updated, data: makeNews() }),
  'DELETE /api/core/news/1': () => json(200, { status: 'success', msg: NEWS_MESSAGES.deleted, data: null }),
});

describe('/core News tab', () => {
  it('lists the items with their en-GB publish date', async () => {
    renderRoute('/core?tab=news', { pages, user: makeAdmin(), routes: routes() });
    expect(await screen.findByRole('tab', { name: 'News', selected: true })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Map layers/ });
    expect(row).toHaveTextContent('14/11/2026');
    expect(row).toHaveTextContent('Road, satellite and hybrid');
  });

  it('creates an item: title required, the typed date sent as yyyy-mm-dd', async () => {
    const { api, user } = renderRoute('/core?tab=news', { pages, user: makeAdmin(), routes: routes() });
    await user.click(await screen.findByRole('button', { name: 'New news item' }));
    const dialog = await screen.findByRole('dialog', { name: 'New news item' });
    const date = within(dialog).getByRole('textbox', { name: 'Publish date' });
    await user.clear(date);
    await user.type(date, '05012026');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(NEWS_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/core/news')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Holiday hours');
    await user.type(within(dialog).getByRole('textbox', { name: 'Body' }), 'Closed on the 25th.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/core/news')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/core/news')[0]!.body).toEqual({
      title: 'Holiday hours',
      published_on: '2026-01-05',
      description: '',
      body: 'Closed on the 25th.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New news item' })).toBeNull());
  });

  it('asks before Escape throws typed input away', async () => {
    const { user } = renderRoute('/core?tab=news', { pages, user: makeAdmin(), routes: routes() });
    await user.click(await screen.findByRole('button', { name: 'New news item' }));
    const dialog = await screen.findByRole('dialog', { name: 'New news item' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Draft');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull());
    expect(await within(dialog).findByRole('textbox', { name: 'Title' })).toHaveValue('Draft');
  });

  it('deletes only after the confirmation', async () => {
    const { api, user } = renderRoute('/core?tab=news', { pages, user: makeAdmin(), routes: routes() });
    await user.click(await screen.findByRole('button', { name: 'Delete Map layers' }));
    const confirm = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(confirm).toHaveTextContent(NEWS_MESSAGES.deleteQuestion);
    expect(screen.queryByRole('dialog', { name: 'Edit news item' })).toBeNull();
    expect(api.callsTo('DELETE', '/api/core/news/1')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/core/news/1')).toHaveLength(1));
  });
});
