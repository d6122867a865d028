import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  url: URL;
  /** pathname without a trailing slash */
  path: string;
  headers: Headers;
  body: unknown;
  init: RequestInit | undefined;
}

export type FakeHandler = (req: FakeRequest) => Response | Promise<Response>;

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/**
 * A tiny fetch router for component tests: keys are "METHOD /api/path" (no trailing slash, no
 * query). Unknown routes answer 404 so a missing stub is visible in `calls`.
 */
export function installFakeFetch(routes: Record<string, FakeHandler>) {
  const calls: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/\/+$/, '') || '/';
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        /* keep text */
      }
    }
    const req: FakeRequest = { method, url, path, headers: new Headers(init?.headers), body, init };
    calls.push(req);
    const handler = routes[`${method} ${path}`];
    if (!handler) return json(404, { msg: `No fake route for ${method} ${path}` });
    return handler(req);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    routes,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
