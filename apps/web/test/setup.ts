import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { staticMediaQuery } from './mediaQuery';

// findBy*/waitFor wait for lazily loaded page chunks; on a busy 2-core CI machine the first
// transform of a chunk can take longer than Testing Library's 1 s default (8 s was seen to be too
// short at a load of 10). A wait ends as soon as its element shows: the bound only matters when
// the test fails, so it is generous, and the test timeout (vitest.config.ts) is above it.
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// MUI's useMediaQuery and the theme fallback read matchMedia. jsdom has none and happy-dom answers
// from its own window size: every test sees the same wide screen (min-width queries match, the
// user has no colour scheme or motion preference) whichever DOM its file runs in.
window.matchMedia = (query: string) => staticMediaQuery(query, query.includes('min-width'));

// No test reaches a network. A test fakes fetch (fakeFetch.ts) and restores this one after it, so a
// query still in flight when the page unmounts fails here at once, as it did in jsdom (Node's
// fetch refuses a relative URL), instead of happy-dom's fetch dialling localhost.
const noNetwork = (input: RequestInfo | URL) =>
  Promise.reject(new TypeError(`No network in the web tests: ${String(input)}`));
globalThis.fetch = noNetwork as typeof fetch;
window.fetch = noNetwork as typeof fetch;
