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

// jsdom lacks matchMedia; MUI's useMediaQuery and the theme fallback read it.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => staticMediaQuery(query, query.includes('min-width'));
}
