import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STREAM_BACKOFF_MIN_MS, SUPERSEDED_EVENT, connectEventStream } from './eventStream';

/**
 * jsdom has no EventSource: this stand-in records the connections the module opens and lets the
 * test play the server's side (open, a named event, an error when the server ends the stream).
 */
class ServerSentEvents extends EventTarget {
  static opened: ServerSentEvents[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    super();
    ServerSentEvents.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  send(name: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
  /** The server ended the stream: EventSource reports an error, unless closed already. */
  end() {
    if (!this.closed) this.onerror?.();
  }
}

const setVisibility = (state: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  ServerSentEvents.opened = [];
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', ServerSentEvents);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setVisibility('visible');
});

describe('connectEventStream', () => {
  it('reconnects after the server ends the stream, and delivers its events', () => {
    const seen: unknown[] = [];
    const stop = connectEventStream('/api/s', { on: { unread: (d) => seen.push(d) } });
    const first = ServerSentEvents.opened[0]!;
    first.send('unread', { unread_count: 3 });
    expect(seen).toEqual([{ unread_count: 3 }]);
    first.end();
    vi.advanceTimersByTime(STREAM_BACKOFF_MIN_MS);
    expect(ServerSentEvents.opened).toHaveLength(2);
    stop();
  });

  it('a stream superseded by a newer tab stays closed until its tab is looked at again', () => {
    const onOpen = vi.fn();
    const stop = connectEventStream('/api/s', { on: {}, onOpen });
    const first = ServerSentEvents.opened[0]!;
    setVisibility('hidden');
    first.send(SUPERSEDED_EVENT, { limit: 10, retry_ms: 60_000 });
    first.end();
    expect(first.closed).toBe(true);
    // Reconnecting now would close another tab's stream in turn: nothing is opened, however long.
    vi.advanceTimersByTime(10 * 60_000);
    window.dispatchEvent(new Event('focus'));
    expect(ServerSentEvents.opened).toHaveLength(1);
    // The user comes back to this tab: it reconnects (and catches up on open).
    setVisibility('visible');
    expect(ServerSentEvents.opened).toHaveLength(2);
    ServerSentEvents.opened[1]!.onopen?.();
    expect(onOpen).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a stopped stream neither reconnects nor wakes', () => {
    const stop = connectEventStream('/api/s', { on: {} });
    const first = ServerSentEvents.opened[0]!;
    first.send(SUPERSEDED_EVENT, { limit: 10, retry_ms: 60_000 });
    stop();
    setVisibility('visible');
    window.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(60_000);
    expect(ServerSentEvents.opened).toHaveLength(1);
  });
});
