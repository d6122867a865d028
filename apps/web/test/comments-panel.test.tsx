/**
 * The comments panel (spec A §2): the list (author, en-GB time, newest first as served), the empty
 * text, Save disabled while blank, one edit at a time, delete after confirmation, edit/delete only
 * for the author and admins, mention links per entity type and the unsaved-comment report.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { setupUser } from './user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Editor } from '@tiptap/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Comment, User } from '@frontage/shared';
import { CommentsPanel } from '../src/entities/comments';
import { queryKeys } from '../src/lib/queryClient';
import { makeAdmin, makeUser } from './fixtures';
import { installFakeFetch, json, type FakeHandler } from './fakeFetch';

beforeAll(() => {
  // jsdom has no layout: ProseMirror asks ranges for rectangles.
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  if (!document.elementFromPoint) document.elementFromPoint = () => null;
});

const ME = makeUser(); // id 2, Alice Agent
const mention = (type: string, id: number, name: string) =>
  `<span data-type="mention" data-entity-type="${type}" data-entity-id="${id}">@${name}</span>`;

const comment = (over: Partial<Comment> & Pick<Comment, 'id' | 'content'>): Comment => ({
  entity_id: 12,
  entity_type: 'property',
  user_id: ME.id,
  user: { id: ME.id, name: ME.name },
  created_at: '2026-03-05T14:07:00Z',
  updated_at: '2026-03-05T14:07:00Z',
  links: [],
  ...over,
});

const MINE = comment({
  id: 31,
  content: `<p>Call ${mention('company', 7, 'Acme Retail')} about ${mention('scheme', 3, 'Riverside')}, ${mention('property', 12, 'Unit 4, High Street')}, ${mention('enquiry', 4, 'Acme enquiry')} and ${mention('user', 1, 'Adam Admin')}.</p><p><a href="https://example.com/lease">lease</a> <a href="javascript:alert(1)">bad</a></p>`,
});
const BOBS = comment({
  id: 30,
  content: '<p>Rent review agreed.</p>',
  user_id: 3,
  user: { id: 3, name: 'Bob Broker' },
  created_at: '2026-03-04T09:30:00Z',
});
const ORPHAN = comment({
  id: 29,
  content: '<p>Old note.</p>',
  user_id: null,
  user: null,
  created_at: '2026-02-01T08:05:00Z',
});

const pageOf = (data: Comment[]) => ({
  data,
  meta: {
    pagination: {
      total: data.length,
      count: data.length,
      per_page: 50,
      current_page: 1,
      total_pages: data.length ? 1 : 0,
    },
  },
});

function setup({ user = ME, comments = [MINE, BOBS, ORPHAN] }: { user?: User; comments?: Comment[] } = {}) {
  let list = [...comments];
  const routes: Record<string, FakeHandler> = {
    'GET /api/comments': () => json(200, pageOf(list)),
    'POST /api/comments': (req) => {
      const body = req.body as { content: string };
      const created = comment({ id: 99, content: body.content, created_at: '2026-03-06T10:00:00Z' });
      list = [created, ...list];
      return json(201, { data: created });
    },
  };
  for (const c of comments) {
    routes[`PUT /api/comments/${c.id}`] = (req) => {
      const body = req.body as { content: string };
      list = list.map((x) => (x.id === c.id ? { ...x, content: body.content } : x));
      return json(200, { data: list.find((x) => x.id === c.id) });
    };
    routes[`DELETE /api/comments/${c.id}`] = () => {
      list = list.filter((x) => x.id !== c.id);
      return json(200, { status: 'success', msg: 'Deleted.', data: null });
    };
  }
  const api = installFakeFetch(routes);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(queryKeys.me, user);
  const onDirtyChange = vi.fn();
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <CommentsPanel entityType="property" entityId={12} onDirtyChange={onDirtyChange} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { api, onDirtyChange, user: setupUser() };
}

/** The TipTap editor behind a textbox (TipTap keeps it on its DOM node). */
const editorOf = (name: string): Editor =>
  (screen.getByRole('textbox', { name }) as unknown as { editor: Editor }).editor;
const typeInto = (name: string, text: string) =>
  act(() => {
    editorOf(name).chain().focus('end').insertContent(text).run();
  });
const clear = (name: string) =>
  act(() => {
    editorOf(name).commands.clearContent(true);
  });

const items = () => screen.findAllByTestId('comment');
const composeSave = () => screen.getAllByRole('button', { name: 'Save' })[0]!;

describe('comments panel', () => {
  it('lists the comments with author and en-GB time, as the server orders them', async () => {
    const { api } = setup();
    const rows = await items();
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => within(r).getAllByText(/\S/)[0]!.textContent)).toEqual([
      'Alice Agent',
      'Bob Broker',
      'Deleted user',
    ]);
    const time = rows[0]!.querySelector('time')!;
    expect(time).toHaveTextContent('05/03/2026 14:07');
    expect(time).toHaveAttribute('datetime', '2026-03-05T14:07:00Z');
    expect(within(rows[2]!).getByText('01/02/2026 08:05')).toBeInTheDocument();
    const q = api.callsTo('GET', '/api/comments')[0]!.url.searchParams;
    expect(q.get('include')).toBe('user,entity,links');
    expect(q.get('entity_type')).toBe('property');
    expect(q.get('entity_id')).toBe('12');
    expect(screen.queryByText('No comments yet, be the first to comment')).not.toBeInTheDocument();
  });

  it('shows the empty text when there are no comments', async () => {
    setup({ comments: [] });
    expect(await screen.findByText('No comments yet, be the first to comment')).toBeInTheDocument();
    expect(screen.queryByTestId('comment')).not.toBeInTheDocument();
  });

  it('keeps Save disabled while the text is empty or whitespace, and posts the HTML', async () => {
    const { api, user } = setup({ comments: [] });
    await screen.findByText('No comments yet, be the first to comment');
    expect(screen.getByRole('textbox', { name: 'Write a comment' })).toBeInTheDocument();
    expect(composeSave()).toBeDisabled();
    await typeInto('Write a comment', '   ');
    expect(composeSave()).toBeDisabled();
    await act(() => {
      editorOf('Write a comment').chain().focus('end').splitBlock().insertContent('  ').run();
    });
    expect(composeSave()).toBeDisabled();
    await clear('Write a comment');
    await typeInto('Write a comment', 'Viewing booked for Tuesday');
    expect(composeSave()).toBeEnabled();
    await user.click(composeSave());
    await waitFor(() => expect(api.callsTo('POST', '/api/comments')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/comments')[0]!.body).toEqual({
      content: '<p>Viewing booked for Tuesday</p>',
      entity_id: 12,
      entity_type: 'property',
      links: [],
    });
    expect(await screen.findByText('Viewing booked for Tuesday')).toBeInTheDocument();
    expect(editorOf('Write a comment').getText()).toBe('');
    expect(composeSave()).toBeDisabled();
  });

  it('shows edit and delete only on the user’s own comments', async () => {
    setup();
    const [mine, bobs, orphan] = await items();
    expect(within(mine!).getByRole('button', { name: 'Edit comment' })).toBeInTheDocument();
    expect(within(mine!).getByRole('button', { name: 'Delete comment' })).toBeInTheDocument();
    for (const other of [bobs!, orphan!]) {
      expect(within(other).queryByRole('button', { name: 'Edit comment' })).not.toBeInTheDocument();
      expect(within(other).queryByRole('button', { name: 'Delete comment' })).not.toBeInTheDocument();
    }
  });

  it('shows edit and delete on every comment to an admin', async () => {
    setup({ user: makeAdmin() });
    const rows = await items();
    for (const row of rows) {
      expect(within(row).getByRole('button', { name: 'Edit comment' })).toBeEnabled();
      expect(within(row).getByRole('button', { name: 'Delete comment' })).toBeEnabled();
    }
  });

  it('edits one comment at a time and saves the edit', async () => {
    const { api, user } = setup({ user: makeAdmin() });
    const [, bobs, orphan] = await items();
    await user.click(within(bobs!).getByRole('button', { name: 'Edit comment' }));
    expect(await screen.findByRole('textbox', { name: 'Edit comment' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox', { name: 'Edit comment' })).toHaveLength(1);
    const [mineNow, , orphanNow] = screen.getAllByTestId('comment');
    expect(within(mineNow!).getByRole('button', { name: 'Edit comment' })).toBeDisabled();
    expect(within(orphanNow!).getByRole('button', { name: 'Edit comment' })).toBeDisabled();
    expect(orphan).toBe(orphanNow);

    const editSave = within(bobs!).getByRole('button', { name: 'Save' });
    await clear('Edit comment');
    await typeInto('Edit comment', '  ');
    expect(editSave).toBeDisabled();
    await clear('Edit comment');
    await typeInto('Edit comment', 'Rent review agreed at £14,300.');
    expect(editSave).toBeEnabled();
    await user.click(editSave);
    await waitFor(() => expect(api.callsTo('PUT', '/api/comments/30')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/comments/30')[0]!.body).toEqual({
      content: '<p>Rent review agreed at £14,300.</p>',
      links: [],
    });
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Edit comment' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('Rent review agreed at £14,300.')).toBeInTheDocument();
    for (const row of screen.getAllByTestId('comment')) {
      expect(within(row).getByRole('button', { name: 'Edit comment' })).toBeEnabled();
    }
  });

  it('asks before deleting; No keeps the comment, Yes deletes it', async () => {
    const { api, user } = setup();
    const [mine] = await items();
    await user.click(within(mine!).getByRole('button', { name: 'Delete comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete comment' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this comment?');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/comments/31')).toHaveLength(0);

    await user.click(within(mine!).getByRole('button', { name: 'Delete comment' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete comment' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    await waitFor(() => expect(api.callsTo('DELETE', '/api/comments/31')).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByTestId('comment')).toHaveLength(2));
  });

  it('renders mentions as links to each entity type and drops unsafe links', async () => {
    setup();
    const [mine] = await items();
    const href = (name: string) => within(mine!).getByRole('link', { name }).getAttribute('href');
    expect(href('@Acme Retail')).toBe('/companies?id=7');
    expect(href('@Riverside')).toBe('/schemes?id=3');
    expect(href('@Unit 4, High Street')).toBe('/properties?id=12');
    expect(href('@Acme enquiry')).toBe('/enquiries?id=4&type=enquiry');
    expect(href('@Adam Admin')).toBe('/users?id=1');
    const external = within(mine!).getByRole('link', { name: 'lease' });
    expect(external).toHaveAttribute('href', 'https://example.com/lease');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
    expect(within(mine!).queryByRole('link', { name: 'bad' })).not.toBeInTheDocument();
    expect(within(mine!).getByText(/bad/)).toBeInTheDocument();
  });

  it('loads older comments a page at a time', async () => {
    const older = comment({ id: 5, content: '<p>First ever note.</p>', created_at: '2025-12-01T10:00:00Z' });
    const api = installFakeFetch({
      'GET /api/comments': (req) =>
        req.url.searchParams.get('page') === '2'
          ? json(200, {
              data: [older],
              meta: { pagination: { total: 51, count: 1, per_page: 50, current_page: 2, total_pages: 2 } },
            })
          : json(200, {
              data: [MINE],
              meta: { pagination: { total: 51, count: 50, per_page: 50, current_page: 1, total_pages: 2 } },
            }),
    });
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    qc.setQueryData(queryKeys.me, ME);
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter>
          <CommentsPanel entityType="scheme" entityId={3} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await items()).toHaveLength(1);
    await setupUser().click(screen.getByRole('button', { name: 'Show older comments' }));
    expect(await screen.findByText('First ever note.')).toBeInTheDocument();
    expect(screen.getAllByTestId('comment')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show older comments' })).not.toBeInTheDocument();
    expect(
      api
        .callsTo('GET', '/api/comments')
        .map((c) => [c.url.searchParams.get('entity_type'), c.url.searchParams.get('page')]),
    ).toEqual([
      ['scheme', '1'],
      ['scheme', '2'],
    ]);
  });

  it('reports an unsaved comment, new or being edited', async () => {
    const { onDirtyChange, user } = setup();
    const [mine] = await items();
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
    await typeInto('Write a comment', 'Draft');
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    await clear('Write a comment');
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);

    await user.click(within(mine!).getByRole('button', { name: 'Edit comment' }));
    await screen.findByRole('textbox', { name: 'Edit comment' });
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
    await typeInto('Edit comment', ' More.');
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    await user.click(within(mine!).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(false));
  });
});
