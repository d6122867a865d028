import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { PageErrorBoundary, lazyPage } from './lazyPage';

afterEach(() => vi.restoreAllMocks());

const renderLazy = (Page: ReturnType<typeof lazyPage>) =>
  render(
    <PageErrorBoundary>
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>
    </PageErrorBoundary>,
  );

describe('lazyPage', () => {
  it('renders the loaded page', async () => {
    const Page = lazyPage(async () => ({ default: () => <h1>Loaded</h1> }));
    renderLazy(Page);
    expect(await screen.findByRole('heading', { name: 'Loaded' })).toBeInTheDocument();
  });

  it('a failed chunk shows an error with a reload button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Page = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    renderLazy(Page);
    expect(await screen.findByText(/This page could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('a chunk slower than the time-out fails the same way', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Page = lazyPage(() => new Promise<{ default: () => null }>(() => {}), 20);
    renderLazy(Page);
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
