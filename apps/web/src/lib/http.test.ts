import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@frontage/shared';
import { ApiError, buildUrl, configureHttp, http } from './http';
import { installFakeFetch, json } from '../../test/fakeFetch';

const handlers = { notify: vi.fn(), onUnauthorized: vi.fn(), onForbidden: vi.fn() };

beforeEach(() => {
  Object.values(handlers).forEach((h) => h.mockReset());
  configureHttp(handlers);
});
afterEach(() => vi.unstubAllGlobals());

const failWith = async (p: Promise<unknown>): Promise<ApiError> => {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected the call to fail');
};

describe('http client', () => {
  it('calls /api with X-Requested-With, same-origin credentials and a JSON body', async () => {
    const api = installFakeFetch({ 'POST /api/things': () => json(201, { data: { id: 1 } }) });
    await expect(http.post('/things', { name: 'x' })).resolves.toEqual({ data: { id: 1 } });
    const [call] = api.calls;
    expect(call?.url.pathname).toBe('/api/things');
    expect(call?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.init?.credentials).toBe('same-origin');
    expect(call?.body).toEqual({ name: 'x' });
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it('builds query strings, arrays as name[]', () => {
    expect(buildUrl('/enquiries', { stage: ['interest', 'under_offer'], page: 2, q: '' })).toBe(
      '/api/enquiries?stage%5B%5D=interest&stage%5B%5D=under_offer&page=2',
    );
    expect(buildUrl('/auth/me/', { include: 'company' })).toBe('/api/auth/me/?include=company');
  });

  it('network failure: shows the network error and throws status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const err = await failWith(http.get('/x'));
    expect(err.status).toBe(0);
    expect(handlers.notify).toHaveBeenCalledWith(MESSAGES.networkError, 'error');
  });

  it('401: logs the user out and shows the unauthorised error', async () => {
    installFakeFetch({ 'GET /api/x': () => json(401, { msg: 'Unauthenticated.' }) });
    const err = await failWith(http.get('/x'));
    expect(err.status).toBe(401);
    expect(handlers.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(handlers.notify).toHaveBeenCalledWith(MESSAGES.unauthorized, 'error');
  });

  it('401 can be silenced for callers that show it inline', async () => {
    installFakeFetch({
      'POST /api/auth/login': () => json(401, { msg: 'These credentials do not match our records.' }),
    });
    const err = await failWith(http.post('/auth/login', {}, { quiet: [401, 429] }));
    expect(err.message).toBe('These credentials do not match our records.');
    expect(handlers.onUnauthorized).not.toHaveBeenCalled();
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it('422: "Validation Error." listing every field message; field errors joined with ", "', async () => {
    installFakeFetch({
      'PUT /api/x': () =>
        json(422, {
          message: 'The given data was invalid.',
          errors: {
            name: ['The name is required.', 'The name is too short.'],
            email: ['The email is taken.'],
          },
        }),
    });
    const err = await failWith(http.put('/x', {}));
    expect(err.status).toBe(422);
    expect(err.fieldErrors).toEqual({
      name: 'The name is required., The name is too short.',
      email: 'The email is taken.',
    });
    expect(handlers.notify).toHaveBeenCalledWith(MESSAGES.validationError, 'error', [
      'The name is required.',
      'The name is too short.',
      'The email is taken.',
    ]);
  });

  it('422 without errors lists msg', async () => {
    installFakeFetch({ 'PUT /api/x': () => json(422, { msg: 'Nope.' }) });
    await failWith(http.put('/x', {}));
    expect(handlers.notify).toHaveBeenCalledWith(MESSAGES.validationError, 'error', ['Nope.']);
  });

  it.each([404, 409, 500, 503])('%i with msg: shows msg as an error', async (status) => {
    installFakeFetch({ 'GET /api/x': () => json(status, { msg: `Problem ${status}` }) });
    const err = await failWith(http.get('/x'));
    expect(err.status).toBe(status);
    expect(err.message).toBe(`Problem ${status}`);
    expect(handlers.notify).toHaveBeenCalledWith(`Problem ${status}`, 'error');
  });

  it('429 carries Retry-After seconds', async () => {
    installFakeFetch({
      'POST /api/auth/login': () => json(429, { msg: 'Too many.' }, { 'Retry-After': '42' }),
    });
    const err = await failWith(http.post('/auth/login', {}, { quiet: [429] }));
    expect(err.retryAfter).toBe(42);
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it('success with status success and msg: shows a success notice (unless suppressed)', async () => {
    installFakeFetch({ 'PUT /api/x': () => json(200, { status: 'success', msg: 'Saved.', data: null }) });
    await http.put('/x', {});
    expect(handlers.notify).toHaveBeenCalledWith('Saved.', 'success');
    handlers.notify.mockReset();
    await http.put('/x', {}, { successNotice: false });
    expect(handlers.notify).not.toHaveBeenCalled();
  });

  it('403: redirects to the access error page without a toast', async () => {
    installFakeFetch({ 'GET /api/x': () => json(403, { msg: 'This action is unauthorized.' }) });
    const err = await failWith(http.get('/x'));
    expect(err.status).toBe(403);
    expect(handlers.onForbidden).toHaveBeenCalledTimes(1);
    expect(handlers.notify).not.toHaveBeenCalled();
  });
});
