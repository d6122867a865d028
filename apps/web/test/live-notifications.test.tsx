/** The bell's unread count follows the notifications stream without a reload; the stream reconnects. */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TopBar } from '../src/app/layouts/TopBar';
import { renderRoute } from './renderRoute';
import { makeUser } from './fixtures';

class FakeEventSource {
  static all: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, Array<(e: MessageEvent) => void>>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.all.push(this);
  }
  addEventListener(name: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data: unknown) {
    for (const fn of this.listeners.get(name) ?? [])
      fn(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
}

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

/** The open connection (StrictMode mounts, closes and mounts again in development). */
const live = () => {
  const open = FakeEventSource.all.filter((e) => !e.closed);
  expect(open).toHaveLength(1);
  return open[0]!;
};

const badge = () => screen.getByTestId('notifications-unread-count');

/** The top bar: its bell holds the stream. */
const beside = <TopBar drawerOpen={false} onToggleDrawer={() => {}} />;

describe('live notifications', () => {
  it('updates the bell from `unread` events', async () => {
    renderRoute('/', { beside, user: makeUser(), unread: 1 });
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
    const es = live();
    expect(es.url).toBe('/api/notifications/stream');
    act(() => es.emit('unread', { unread_count: 4 }));
    await waitFor(() => expect(badge()).toHaveTextContent('4'));
    expect(screen.getByRole('link', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
  });

  it('reconnects with a growing delay after errors', async () => {
    renderRoute('/', { beside, user: makeUser() });
    await waitFor(() => expect(FakeEventSource.all.filter((e) => !e.closed)).toHaveLength(1));
    // Only the reconnect timers are faked (installed after the app settled on real timers), so
    // a slow machine's real time cannot fire them early.
    vi.useFakeTimers();
    try {
      const first = live();
      const created = () => FakeEventSource.all.length;
      const n = created();
      act(() => first.onerror?.());
      expect(first.closed).toBe(true);
      await act(() => vi.advanceTimersByTimeAsync(999));
      expect(created()).toBe(n);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(created()).toBe(n + 1);
      act(() => live().onerror?.());
      await act(() => vi.advanceTimersByTimeAsync(1999));
      expect(created()).toBe(n + 1);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(created()).toBe(n + 2);
      // A successful open resets the delay to 1 s.
      act(() => live().onopen?.());
      act(() => live().onerror?.());
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(created()).toBe(n + 3);
    } finally {
      vi.useRealTimers();
    }
  });
});
