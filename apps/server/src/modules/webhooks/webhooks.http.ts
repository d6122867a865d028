/**
 * One delivery attempt over HTTP(S), guarded against server-side request forgery (ADR 0098): the
 * host's addresses are resolved and checked when the attempt is made, and the connection goes to
 * the address that was checked (the agent's `lookup` answers it), so a name that resolves to a
 * public address for the check and a private one for the connection (DNS rebinding) cannot pass.
 * Redirects are never followed (a 3xx is a failed attempt), so one cannot lead to a private address.
 * Saving a URL and every attempt apply the same rules, plain http's included (ADR 0111).
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { WebhookResolve } from '../../config';

export type Resolve = WebhookResolve;

/** The system's resolver, as a socket would use it (the hosts file included). */
export const systemResolve: Resolve = (hostname, family = 0) =>
  dns.promises.lookup(hostname, { all: true, family });

export interface AddressPolicy {
  /** Loopback (127.0.0.0/8, ::1) may be reached (WEBHOOKS_ALLOW_LOOPBACK). */
  allowLoopback: boolean;
}

export interface TransportPolicy extends AddressPolicy {
  /** Plain http to any allowed address (WEBHOOKS_ALLOW_HTTP). */
  allowHttp: boolean;
  /** Resolves a name; the system's resolver when unset (tests give their own). */
  resolve?: Resolve | undefined;
}

const bare = (host: string) => host.replace(/^\[|\]$/g, '');

/**
 * Whether an address may be reached: public unicast only. Loopback, private (10/8, 172.16/12,
 * 192.168/16, fc00::/7), link-local (169.254/16, fe80::/10), carrier-grade NAT, multicast,
 * unspecified and reserved ranges are refused; an IPv4-mapped IPv6 address is judged as its IPv4.
 */
export const addressAllowed = (address: string, policy: AddressPolicy): boolean => {
  if (!ipaddr.isValid(bare(address))) return false;
  const range = ipaddr.process(bare(address)).range();
  if (range === 'unicast') return true;
  return policy.allowLoopback && range === 'loopback';
};

const isLoopback = (address: string): boolean =>
  ipaddr.isValid(bare(address)) && ipaddr.process(bare(address)).range() === 'loopback';

/**
 * The one plain-http rule, for saving a URL and for every attempt (ADR 0111): http is allowed with
 * WEBHOOKS_ALLOW_HTTP, or with WEBHOOKS_ALLOW_LOOPBACK when every address of the target (the
 * literal one, or those its name resolves to) is loopback. Anything else must be https.
 */
export const plainHttpAllowed = (policy: TransportPolicy, addresses: readonly string[]): boolean =>
  policy.allowHttp || (policy.allowLoopback && addresses.length > 0 && addresses.every(isLoopback));

/** `localhost` and `*.localhost` are loopback by definition (RFC 6761), whatever a resolver says. */
const isLoopbackName = (host: string): boolean => host === 'localhost' || host.endsWith('.localhost');

export class RefusedAddressError extends Error {
  constructor(host: string) {
    super(`refused: ${host} is a private, loopback or link-local address`);
  }
}

export class RefusedPlainHttpError extends Error {
  constructor(host: string) {
    super(`refused: plain http to ${host} (https is required)`);
  }
}

/**
 * The agent's lookup: every address of the name is checked (and, over plain http, must satisfy
 * the http rule); the connection uses the first.
 */
const guardedLookup =
  (policy: TransportPolicy, plainHttp: boolean): LookupFunction =>
  (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    (policy.resolve ?? systemResolve)(hostname, family).then(
      (list) => {
        const addresses = list.map((a) => a.address);
        if (!addresses.length || addresses.some((a) => !addressAllowed(a, policy)))
          return callback(new RefusedAddressError(hostname), '', 0);
        if (plainHttp && !plainHttpAllowed(policy, addresses))
          return callback(new RefusedPlainHttpError(hostname), '', 0);
        if (options.all)
          return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
        return callback(null, list[0]!.address, list[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };

export interface AttemptResult {
  status: number | null;
  retryAfter: string | null;
  body: string;
  durationMs: number;
  error: string | null;
}

/** Reads at most `keep` bytes of the answer, then stops reading. */
const readSome = (res: http.IncomingMessage, keep: number): Promise<string> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks).subarray(0, keep).toString('utf8'));
    res.on('data', (c: Buffer) => {
      chunks.push(c);
      size += c.length;
      if (size >= keep) {
        res.destroy();
        done();
      }
    });
    res.on('end', done);
    res.on('error', done);
    res.on('close', done);
  });

/** POSTs `body` once; never throws: a refusal, timeout or connection error is an attempt without status. */
export const postOnce = (
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: TransportPolicy & { timeoutMs: number; keepBytes: number },
): Promise<AttemptResult> => {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string): AttemptResult => ({
    status: null,
    retryAfter: null,
    body: '',
    durationMs: elapsed(),
    error,
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(failed('invalid URL'));
  }
  const host = bare(target.hostname);
  const isHttps = target.protocol === 'https:';
  // A literal address never reaches the lookup: it is checked here, as is a loopback name (as on
  // save); any other name is checked there.
  if (ipaddr.isValid(host)) {
    if (!addressAllowed(host, opts)) return Promise.resolve(failed(new RefusedAddressError(host).message));
    if (!isHttps && !plainHttpAllowed(opts, [host]))
      return Promise.resolve(failed(new RefusedPlainHttpError(host).message));
  } else if (isLoopbackName(host) && !opts.allowLoopback)
    return Promise.resolve(failed(new RefusedAddressError(host).message));
  else if (!isHttps && !opts.allowHttp && !opts.allowLoopback)
    return Promise.resolve(failed(new RefusedPlainHttpError(host).message));
  const lookup = guardedLookup(opts, !isHttps);
  return new Promise((resolve) => {
    const signal = AbortSignal.timeout(opts.timeoutMs);
    const req = (isHttps ? https : http).request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        signal,
        // A fresh connection per attempt: a kept-alive socket would skip the address check.
        agent: false,
      },
      (res) => {
        void readSome(res, opts.keepBytes).then((text) => {
          const retryAfter = res.headers['retry-after'];
          resolve({
            status: res.statusCode ?? null,
            retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
            body: text,
            durationMs: elapsed(),
            error: null,
          });
        });
      },
    );
    req.on('error', (err) => {
      const message =
        err instanceof RefusedAddressError || err instanceof RefusedPlainHttpError
          ? err.message
          : signal.aborted
            ? `timed out after ${opts.timeoutMs / 1000} s`
            : err.message || 'connection failed';
      resolve(failed(message));
    });
    req.end(body);
  });
};

/** The longest saving a URL waits for its name to resolve. */
export const SAVE_LOOKUP_MS = 2000;

/** The addresses a name resolves to within `ms`; none when it does not resolve (or not in time). */
const resolveWithin = async (resolve: Resolve, host: string, ms: number): Promise<string[]> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((done) => {
    timer = setTimeout(() => done(null), ms);
  });
  try {
    const list = await Promise.race([resolve(host).catch(() => null), late]);
    return list?.map((a) => a.address) ?? [];
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Whether an endpoint URL may be registered (checked again, on the resolved address, at every
 * attempt): no credentials; no refused address, literal or among those the name resolves to now;
 * https unless the plain-http rule allows it (ADR 0111). A name that does not resolve is accepted
 * (over https, or with WEBHOOKS_ALLOW_HTTP): its attempts check it. Answers the problem's message
 * key, or null when it may.
 */
export const urlProblem = async (
  url: string,
  opts: TransportPolicy,
): Promise<'urlHttps' | 'urlRefused' | 'urlCredentials' | null> => {
  const u = new URL(url);
  if (u.username || u.password) return 'urlCredentials';
  const host = bare(u.hostname);
  const addresses = ipaddr.isValid(host)
    ? [host]
    : isLoopbackName(host)
      ? ['127.0.0.1']
      : await resolveWithin(opts.resolve ?? systemResolve, host, SAVE_LOOKUP_MS);
  if (addresses.some((a) => !addressAllowed(a, opts))) return 'urlRefused';
  if (u.protocol !== 'https:' && !plainHttpAllowed(opts, addresses)) return 'urlHttps';
  return null;
};
