/**
 * A server-sent events connection that comes back: EventSource with reconnect and exponential
 * backoff (1 s, 2 s, 4 s … capped at 30 s, reset once a connection opens). EventSource's own
 * retry gives up on HTTP errors (401, 503 while a server restarts), so reconnecting is done here.
 *
 * A `superseded` event means the server closed this stream for a newer one of the same user (more
 * tabs open than the server's LIVE_STREAMS_PER_USER): reconnecting at once
 * would close another tab's stream in turn, so this tab waits until it is looked at again (shown or
 * focused), then reconnects and catches up through `onOpen`.
 */
export const SUPERSEDED_EVENT = 'superseded';
export const STREAM_BACKOFF_MIN_MS = 1000;
export const STREAM_BACKOFF_MAX_MS = 30_000;

export interface EventStreamOptions {
  /** Handlers by event name; `data` is the parsed JSON (or the raw text if it is not JSON). */
  on: Record<string, (data: unknown) => void>;
  /** Called on every (re)connection, e.g. to refetch what may have been missed meanwhile. */
  onOpen?: () => void;
}

/** Opens the stream and returns a function that closes it for good. */
export function connectEventStream(url: string, opts: EventStreamOptions): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = STREAM_BACKOFF_MIN_MS;
  let stopped = false;
  let parked = false;

  const parse = (text: string): unknown => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  };

  const open = () => {
    if (stopped) return;
    const es = new EventSource(url, { withCredentials: true });
    source = es;
    es.onopen = () => {
      delay = STREAM_BACKOFF_MIN_MS;
      opts.onOpen?.();
    };
    for (const [name, handler] of Object.entries(opts.on)) {
      es.addEventListener(name, (e) => handler(parse((e as MessageEvent<string>).data)));
    }
    es.addEventListener(SUPERSEDED_EVENT, () => {
      es.close();
      if (source === es) source = null;
      parked = true;
    });
    es.onerror = () => {
      es.close();
      if (source === es) source = null;
      if (stopped || parked) return;
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, STREAM_BACKOFF_MAX_MS);
    };
  };

  /** A parked stream comes back when its tab is looked at again. */
  const wake = () => {
    if (!parked || stopped || (typeof document !== 'undefined' && document.visibilityState === 'hidden'))
      return;
    parked = false;
    delay = STREAM_BACKOFF_MIN_MS;
    open();
  };
  const hasDom = typeof window !== 'undefined' && typeof document !== 'undefined';
  if (hasDom) {
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('focus', wake);
  }

  open();
  return () => {
    stopped = true;
    if (hasDom) {
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('focus', wake);
    }
    if (timer) clearTimeout(timer);
    source?.close();
    source = null;
  };
}
