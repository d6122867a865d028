/**
 * /core?tab=videos: the admin's table of help videos; add through the dialog
 * (the server's 422 lands on its field), edit, and delete only after the confirmation.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { VIDEO_MESSAGES, type Video } from '@frontage/shared';
import { json } from './fakeFetch';
import { makeAdmin } from './fixtures';
import CoreAdminPage from '../src/features/core-admin/pages/CoreAdminPage';
import { renderRoute } from './renderRoute';

/** The screens under test, as the app routes them. */
const pages = { '/core': <CoreAdminPage /> };

afterEach(() => vi.unstubAllGlobals());

const video = (id: number, video_name: string, route: string, video_id: string): Video => ({
  id,
  video_id,
  video_name,
  route,
  sort_order: 0,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
});

describe('/core — Videos', () => {
  it('lists, adds (server errors on the field), edits and deletes after asking', async () => {
    let rows = [video(1, 'Searching the map', '/map', 'h5JpV0sKe9Y')];
    let refuse = true;
    const { user, api } = renderRoute('/core?tab=videos', {
      pages,
      user: makeAdmin(),
      routes: {
        'GET /api/core/videos': () => json(200, { data: rows }),
        'POST /api/core/videos': (req) => {
          if (refuse) {
            refuse = false;
            return json(422, {
              message: 'The given data was invalid.',
              errors: { route: ['A video is already offered there.'] },
            });
          }
          const made = { ...video(2, '', '', ''), ...(req.body as object) };
          rows = [...rows, made];
          return json(201, { data: made });
        },
        'PUT /api/core/videos/1': (req) => {
          rows = [{ ...rows[0]!, ...(req.body as object) }, ...rows.slice(1)];
          return json(200, { data: rows[0] });
        },
        'DELETE /api/core/videos/2': () => {
          rows = rows.filter((r) => r.id !== 2);
          return json(200, { status: 'success', msg: VIDEO_MESSAGES.deleted, data: null });
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Help videos' });
    expect(await within(table).findByRole('row', { name: /Searching the map/ })).toHaveTextContent('/map');

    await user.click(screen.getByRole('button', { name: 'Add Video' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add Video' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Finding properties');
    const page = within(dialog).getByRole('textbox', { name: 'Page' });
    await user.clear(page);
    await user.type(page, 'properties');
    await user.type(within(dialog).getByRole('textbox', { name: 'Video id or URL' }), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The shared schema refuses both before any call.
    expect(await within(dialog).findByText(VIDEO_MESSAGES.route)).toBeVisible();
    expect(within(dialog).getByText(VIDEO_MESSAGES.videoId)).toBeVisible();
    expect(api.callsTo('POST', '/api/core/videos')).toHaveLength(0);

    await user.clear(page);
    await user.type(page, '/properties');
    const id = within(dialog).getByRole('textbox', { name: 'Video id or URL' });
    await user.clear(id);
    await user.type(id, 'fQ7kP2xLm4A');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A video is already offered there.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Video' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/core/videos')[1]!.body).toEqual({
      video_name: 'Finding properties',
      route: '/properties',
      video_id: 'fQ7kP2xLm4A',
      sort_order: 0,
    });
    expect(await within(table).findByRole('row', { name: /Finding properties/ })).toHaveTextContent(
      'fQ7kP2xLm4A',
    );

    await user.click(within(table).getByRole('button', { name: 'Edit Searching the map' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Video' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Searching the map');
    await user.clear(name);
    await user.type(name, 'The map');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(table).findByRole('row', { name: /The map/ })).toBeVisible();
    expect(api.callsTo('PUT', '/api/core/videos/1')[0]!.body).toMatchObject({
      video_name: 'The map',
      route: '/map',
    });

    await user.click(within(table).getByRole('button', { name: 'Delete Finding properties' }));
    const ask = await screen.findByRole('dialog', { name: 'Please confirm' });
    await user.click(within(ask).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/core/videos/2')).toHaveLength(0);
    await user.click(within(table).getByRole('button', { name: 'Delete Finding properties' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Finding properties/ })).toBeNull());
    expect(api.callsTo('DELETE', '/api/core/videos/2')).toHaveLength(1);
  });
});
