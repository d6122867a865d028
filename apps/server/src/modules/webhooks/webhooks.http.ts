/**
 * One delivery attempt over HTTP(S), guarded against server-side request forgery (ADR 0098): the
 * host's addresses are resolved and checked when the attempt is made, and the connection goes to
 * the address that was checked (the agent's `lookup` answers it), so a name that resolves to a
 * public address for the check and a private one for the connection (DNS rebinding) cannot pass.
 * Redirects are never followed (a 3xx is a failed attempt), so one cannot lead to a private address.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface AddressPolicy {
  /** Loopback (127.0.0.0/8, ::1) and plain http to it are allowed (WEBHOOKS_ALLOW_LOOPBACK). */
  allowLoopback: boolean;
}

/**
 * Whether an address may be reached: public unicast only. Loopback, private (10/8, 172.16/12,
 * 192.168/16, fc00::/7), link-local (169.254/16, fe80::/10), carrier-grade NAT, multicast,
 * unspecified and reserved ranges are refused; an IPv4-mapped IPv6 address is judged as its IPv4.
 */
export const addressAllowed = (address: string, policy: AddressPolicy): boolean => {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address.replace(/^\[|\]$/g, ''));
  const range = ip.range();
  if (range === 'unicast') return true;
  return policy.allowLoopback && range === 'loopback';
};

export class RefusedAddressError extends Error {
  constructor(host: string) {
    super(`refused: ${host} is a private, loopback or link-local address`);
  }
}

/** The agent's lookup: every address of the name is checked; the connection uses the first. */
const guardedLookup =
  (policy: AddressPolicy): LookupFunction =>
  (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      if (!list.length || list.some((a) => !addressAllowed(a.address, policy)))
        return callback(new RefusedAddressError(hostname), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
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
  opts: AddressPolicy & { timeoutMs: number; keepBytes: number },
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
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // A literal address never reaches the lookup: it is checked here.
  if (ipaddr.isValid(host) && !addressAllowed(host, opts))
    return Promise.resolve(failed(new RefusedAddressError(host).message));
  const isHttps = target.protocol === 'https:';
  if (!isHttps && !opts.allowLoopback) return Promise.resolve(failed('refused: plain http'));
  const lookup = guardedLookup(opts);
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
        err instanceof RefusedAddressError
          ? err.message
          : signal.aborted
            ? `timed out after ${opts.timeoutMs / 1000} s`
            : err.message || 'connection failed';
      resolve(failed(message));
    });
    req.end(body);
  });
};

/**
 * Whether an endpoint URL may be registered (checked again, on the resolved address, at every
 * attempt): https unless plain http is allowed; no credentials; a literal address must be allowed.
 * Answers the problem's message key, or null when it may.
 */
export const urlProblem = (
  url: string,
  opts: AddressPolicy & { allowHttp: boolean },
): 'urlHttps' | 'urlRefused' | 'urlCredentials' | null => {
  const u = new URL(url);
  if (u.username || u.password) return 'urlCredentials';
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const literal = ipaddr.isValid(host);
  const loopbackName = host === 'localhost' || host.endsWith('.localhost');
  if (u.protocol !== 'https:') {
    const loopbackTarget =
      (literal && addressAllowed(host, opts) && ipaddr.process(host).range() === 'loopback') || loopbackName;
    if (!opts.allowHttp && !(opts.allowLoopback && loopbackTarget)) return 'urlHttps';
  }
  if (literal && !addressAllowed(host, opts)) return 'urlRefused';
  if (loopbackName && !opts.allowLoopback) return 'urlRefused';
  return null;
};
