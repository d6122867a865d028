/**
 * The '@' mention popup in the comment editor: it searches as you type, arrow keys move, Enter
 * picks, a space with no results cancels and deleting the '@' cancels.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Editor } from '@tiptap/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MENTION_POPUP_WIDTH } from '@frontage/shared';
import { CommentEditor } from '../src/entities/comments/CommentEditor';
import { installFakeFetch, json } from './fakeFetch';

beforeAll(() => {
  // jsdom has no layout: ProseMirror and Floating UI ask ranges for rectangles.
  const rect = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getBoundingClientRect = rect;
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  if (!document.elementFromPoint) document.elementFromPoint = () => null;
});
afterEach(() => vi.useRealTimers());

const RESULTS = [
  { name: 'Alex Morgan', entity_type: 'user', entity_id: 1 },
  { name: 'Alexandra Retail', entity_type: 'company', entity_id: 7 },
  { name: 'Alexander Court', entity_type: 'scheme', entity_id: 3 },
];

const setup = () => {
  const api = installFakeFetch({
    'GET /api/comments/search-entity': (req) => {
      const q = (req.url.searchParams.get('q') ?? '').toLowerCase();
      return json(200, { data: RESULTS.filter((r) => r.name.toLowerCase().includes(q)) });
    },
  });
  let editor: Editor | undefined;
  const onChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <CommentEditor label="Write a comment" onChange={onChange} onReady={(e) => (editor = e)} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const ed = () => {
    if (!editor) throw new Error('editor not ready');
    return editor;
  };
  const type = (text: string) =>
    act(() => {
      ed().chain().focus().insertContent(text).run();
    });
  const key = (k: string) =>
    act(() => {
      fireEvent.keyDown(ed().view.dom, { key: k });
    });
  return { api, ed, type, key, onChange };
};

const popup = () => screen.queryByTestId('mention-popup');

describe('mention popup', () => {
  it('opens on @, searches as you type and moves with the arrow keys; Enter picks', async () => {
    const { api, ed, type, key } = setup();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Write a comment' })).toBeInTheDocument());
    await type('Hi @');
    await waitFor(() => expect(popup()).toBeInTheDocument());
    expect(popup()).toHaveStyle({ width: `${MENTION_POPUP_WIDTH}px` });
    await type('ale');
    const list = await screen.findByRole('listbox', { name: 'Mention suggestions' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alex MorganContact', 'Alexandra RetailCompany', 'Alexander CourtScheme']);
    expect(api.callsTo('GET', '/api/comments/search-entity').at(-1)!.url.searchParams.get('q')).toBe('ale');
    expect(within(list).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await key('ArrowDown');
    await key('ArrowDown');
    expect(within(list).getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    await key('ArrowDown');
    expect(within(list).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await key('ArrowUp');
    expect(within(list).getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    await key('Enter');
    await waitFor(() => expect(popup()).not.toBeInTheDocument());
    expect(ed().getHTML()).toBe(
      '<p>Hi <span data-type="mention" data-entity-id="3" data-entity-type="scheme">@Alexander Court</span> </p>',
    );
  });

  it('debounces the search: only the settled query is sent', async () => {
    const { api, type } = setup();
    await waitFor(() => expect(screen.getByRole('textbox')).toBeInTheDocument());
    await type('@');
    await type('a');
    await type('l');
    await type('e');
    await screen.findByRole('listbox');
    expect(api.callsTo('GET', '/api/comments/search-entity').map((c) => c.url.searchParams.get('q'))).toEqual(
      ['ale'],
    );
  });

  it('cancels the mention on a space when there are no results', async () => {
    const { ed, type, key } = setup();
    await waitFor(() => expect(screen.getByRole('textbox')).toBeInTheDocument());
    await type('@zzz');
    await waitFor(() => expect(within(popup()!).getByText('No results')).toBeInTheDocument());
    await key(' ');
    await waitFor(() => expect(popup()).not.toBeInTheDocument());
    // The space is typed as text; carrying on does not reopen the popup.
    await type(' more');
    expect(popup()).not.toBeInTheDocument();
    expect(ed().getHTML()).toBe('<p>@zzz more</p>');
  });

  it('keeps the mention open on a space while there are results (names have spaces)', async () => {
    const { type, key } = setup();
    await waitFor(() => expect(screen.getByRole('textbox')).toBeInTheDocument());
    await type('@alex');
    await screen.findByRole('listbox');
    await key(' ');
    await type(' mor');
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Alex MorganContact']),
    );
  });

  it('cancels the mention when the @ is deleted', async () => {
    const { ed, type } = setup();
    await waitFor(() => expect(screen.getByRole('textbox')).toBeInTheDocument());
    await type('Hello @');
    await waitFor(() => expect(popup()).toBeInTheDocument());
    const end = ed().state.doc.content.size - 1;
    await act(() => {
      ed()
        .chain()
        .focus()
        .deleteRange({ from: end - 1, to: end })
        .run();
    });
    await waitFor(() => expect(popup()).not.toBeInTheDocument());
    expect(ed().getText()).toBe('Hello ');
  });

  it('closes on Escape without inserting anything', async () => {
    const { ed, type, key } = setup();
    await waitFor(() => expect(screen.getByRole('textbox')).toBeInTheDocument());
    await type('@ale');
    await screen.findByRole('listbox');
    await key('Escape');
    await waitFor(() => expect(popup()).not.toBeInTheDocument());
    expect(ed().getHTML()).toBe('<p>@ale</p>');
  });
});
