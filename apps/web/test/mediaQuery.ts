/** A MediaQueryList that answers `matches` and never changes (the tests' matchMedia, test/setup.ts). */
export const staticMediaQuery = (query: string, matches: boolean): MediaQueryList =>
  ({
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
