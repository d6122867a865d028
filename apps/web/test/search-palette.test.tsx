import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { Button, Dialog, DialogTitle, Drawer } from '@mui/material';
import type { SearchHit, User } from '@frontage/shared';
import { SearchPalette } from '../src/app/layouts/SearchPalette';
import { json, type FakeHandler } from './fakeFetch';
import { makeUser } from './fixtures';
import { renderRoute } from './renderRoute';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const hit = (
  entity_type: SearchHit['entity_type'],
  entity_id: number,
  label: string,
  sublabel: string | null,
  score = 3,
): SearchHit => ({ entity_type, entity_id, label, sublabel, score });

// The server's order: Greggs the company first (an exact name), then two of its units.
const GREGGS: SearchHit[] = [
  hit('company', 7, 'Greggs', 'Tracked retailer'),
  hit('property', 41, '12 New Street, Birmingham', 'Greggs · Birmingham', 2),
  hit('property', 42, '3 High Street, Solihull', 'Greggs · Solihull', 2),
];

const searchRoute =
  (answers: Record<string, SearchHit[]>): FakeHandler =>
  (req) =>
    json(200, { data: answers[req.url.searchParams.get('q') ?? ''] ?? [] });

/** What else the shell keeps: the narrow screen's drawer (mounted while closed) and a form dialog. */
function Beside() {
  const [formOpen, setFormOpen] = useState(false);
  return (
    <>
      <SearchPalette />
      <Drawer variant="temporary" open={false} keepMounted>
        Navigation
      </Drawer>
      <Button onClick={() => setFormOpen(true)}>Open a form</Button>
      <Dialog open={formOpen} onClose={() => setFormOpen(false)} aria-labelledby="form-title">
        <DialogTitle id="form-title">Create Company</DialogTitle>
      </Dialog>
    </>
  );
}

const setup = (user: User = makeUser(), routes: Record<string, FakeHandler> = {}) =>
  renderRoute('/', {
    user,
    beside: <Beside />,
    routes: { 'GET /api/search': searchRoute({ greggs: GREGGS }), ...routes },
  });

const palette = () => screen.getByRole('dialog', { name: 'Search' });
const box = () => within(palette()).getByRole('combobox', { name: 'Search' });
const activeOption = () => {
  const id = box().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

describe('the command palette', () => {
  it('opens with Ctrl-K, searches once the text settles, and moves through the grouped results by keyboard', async () => {
    const { user, api, router } = setup();
    await user.keyboard('{Control>}k{/Control}');
    expect(box()).toHaveFocus();

    await user.type(box(), 'greggs');
    const listbox = await within(palette()).findByRole('listbox');
    await within(listbox).findByRole('option', { name: /12 New Street/ });
    // One request for the settled text, not one per keystroke.
    expect(api.callsTo('GET', '/api/search')).toHaveLength(1);
    const params = api.callsTo('GET', '/api/search')[0]!.url.searchParams;
    expect(params.get('q')).toBe('greggs');
    expect(params.get('limit')).toBe('5');

    // Grouped by type, the groups in the server's order, each labelled by its heading.
    const groups = within(listbox).getAllByRole('group');
    const headingOf = (g: HTMLElement) =>
      document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent;
    expect(groups.map(headingOf)).toEqual(['Companies', 'Properties']);
    expect(within(groups[1]!).getAllByRole('option')).toHaveLength(2);

    // The first option is active; arrows move and wrap, Home and End jump.
    expect(activeOption()).toHaveTextContent('Greggs');
    expect(activeOption()).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('12 New Street');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(activeOption()).toHaveTextContent('3 High Street');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Greggs');
    await user.keyboard('{End}');
    expect(activeOption()).toHaveTextContent('3 High Street');
    await user.keyboard('{Home}{ArrowDown}');
    expect(activeOption()).toHaveTextContent('12 New Street');

    // Enter opens the record on its list page and closes the palette.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/properties'));
    expect(router.state.location.search).toBe('?id=41');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument());
  });

  it('opens from the top bar button, and Ctrl-Enter or a Ctrl-click opens a record in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, router } = setup();
    await user.click(screen.getByRole('button', { name: /^Search/ }));
    await user.type(box(), 'greggs');
    await within(palette()).findByRole('option', { name: /^Greggs/ });

    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(open).toHaveBeenCalledWith('/companies?id=7', '_blank', 'noopener');
    // The page stays where it was, with the palette open for the next record.
    expect(router.state.location.pathname).toBe('/');
    expect(palette()).toBeInTheDocument();

    await user.keyboard('{Control>}');
    await user.click(within(palette()).getByRole('option', { name: /3 High Street/ }));
    await user.keyboard('{/Control}');
    expect(open).toHaveBeenLastCalledWith('/properties?id=42', '_blank', 'noopener');

    // Escape closes it, and the focus goes back to the button.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /^Search/ })).toHaveFocus();
  });

  it('lists the records opened through it before anything is typed, newest first, for that user only', async () => {
    const agent = makeUser();
    const first = setup(agent);
    await first.user.keyboard('{Control>}k{/Control}');
    const empty = within(palette()).getByRole('listbox');
    expect(within(empty).queryByRole('group', { name: 'Recent' })).not.toBeInTheDocument();

    await first.user.type(box(), 'greggs');
    await first.user.click(await within(palette()).findByRole('option', { name: /3 High Street/ }));
    await waitFor(() => expect(first.router.state.location.search).toBe('?id=42'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await first.user.keyboard('{Control>}k{/Control}');
    await first.user.type(box(), 'greggs');
    await first.user.click(await within(palette()).findByRole('option', { name: /^Greggs/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await first.user.keyboard('{Control>}k{/Control}');
    const recent = within(palette()).getByRole('group', { name: 'Recent' });
    const options = within(recent).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'GreggsTracked retailer',
      '3 High Street, SolihullGreggs · Solihull',
    ]);
    // The newest is active: Enter opens it again.
    await first.user.keyboard('{Enter}');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/companies'));
    expect(first.router.state.location.search).toBe('?id=7');
    first.unmount();

    // Another user of the same browser has recents of their own.
    const other = setup(makeUser({ id: 99, name: 'Other Agent' }));
    await other.user.keyboard('{Control>}k{/Control}');
    expect(within(palette()).queryByRole('group', { name: 'Recent' })).not.toBeInTheDocument();
  });

  it("offers the top bar's commands the user may use: Tracked Retailer deals only to admins", async () => {
    const agent = setup(makeUser({ type: 'user' }));
    await agent.user.keyboard('{Control>}k{/Control}');
    const commands = within(palette()).getByRole('group', { name: 'Commands' });
    expect(
      within(commands)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Create Company',
      'Create Contact',
      'New Deal: Sale',
      'New Deal: New Letting',
      'New Deal: Sub-letting/Assignment',
      'New Deal: Rent Review',
      'New Deal: Lease Renewal/Re-gear',
      'New Property',
      'Enquiries',
      'Map',
    ]);

    // Typing filters the commands; Enter runs one (a deal wizard opens from the route).
    await agent.user.type(box(), 'deal rent');
    await waitFor(() =>
      expect(
        within(palette())
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['New Deal: Rent Review']),
    );
    await agent.user.keyboard('{Enter}');
    await waitFor(() => expect(agent.router.state.location.search).toBe('?deal=rent_review'));
    agent.unmount();

    const admin = setup(makeUser({ type: 'admin' }));
    await admin.user.keyboard('{Control>}k{/Control}');
    await admin.user.type(box(), 'tracked');
    expect(within(palette()).getByRole('option', { name: 'New Deal: Tracked Retailer' })).toBeInTheDocument();
    await admin.user.clear(box());
    await admin.user.type(box(), 'map');
    await admin.user.keyboard('{Enter}');
    await waitFor(() => expect(admin.router.state.location.pathname).toBe('/map'));
  });

  it('does not open over another dialog, whose form may hold unsaved input', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Open a form' }));
    const form = screen.getByRole('dialog', { name: 'Create Company' });
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument();
    expect(form).toBeInTheDocument();
  });

  it('tells screen readers how many results there are, and a failed search shows a line, not an error page', async () => {
    let fail = false;
    const { user } = setup(makeUser(), {
      'GET /api/search': (req) => (fail ? json(500, { msg: 'boom' }) : searchRoute({ greggs: GREGGS })(req)),
    });
    await user.keyboard('{Control>}k{/Control}');
    const status = within(palette()).getByRole('status');
    await user.type(box(), 'greggs');
    await waitFor(() => expect(status).toHaveTextContent('3 results'));

    await user.clear(box());
    await user.type(box(), 'zzz');
    await waitFor(() => expect(status).toHaveTextContent('No results for “zzz”'));
    expect(within(palette()).getByText('No results for “zzz”', { selector: 'p' })).toBeVisible();

    fail = true;
    await user.clear(box());
    await user.type(box(), 'boots');
    await waitFor(() => expect(status).toHaveTextContent('The search failed. Try again.'));
    expect(palette()).toBeInTheDocument();
    expect(box()).toHaveFocus();
  });
});
