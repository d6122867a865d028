import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { staticMediaQuery } from './mediaQuery';

// findBy*/waitFor wait for lazily loaded page chunks; on a busy 2-core CI machine the first
// transform of a chunk can take longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom lacks matchMedia; MUI's useMediaQuery and the theme fallback read it.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => staticMediaQuery(query, query.includes('min-width'));
}
