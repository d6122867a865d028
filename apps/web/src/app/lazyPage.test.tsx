import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense, useEffect, type ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import { PageErrorBoundary, lazyPage } from './lazyPage';

afterEach(() => vi.restoreAllMocks());

const renderLazy = (Page: ComponentType) =>
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

  it('renders a preloaded page at once, without suspending (no fallback, no 300 ms hold)', async () => {
    const Page = lazyPage(async () => ({ default: () => <h1>Ready</h1> }));
    await Page.preload();
    renderLazy(Page);
    // Synchronously: no findBy, and the fallback never showed.
    expect(screen.getByRole('heading', { name: 'Ready' })).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('mounts a page that suspended once only, however often its parent renders after the load', async () => {
    let mounts = 0;
    function Counted() {
      useEffect(() => {
        mounts += 1;
      }, []);
      return <h1>Counted</h1>;
    }
    const Page = lazyPage(async () => ({ default: Counted }));
    const view = renderLazy(Page);
    expect(screen.getByText('loading')).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Counted' });
    view.rerender(
      <PageErrorBoundary>
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Counted' })).toBeInTheDocument();
    expect(mounts).toBe(1);
  });

  it('a failed preload is tried again by the next render', async () => {
    let calls = 0;
    const Page = lazyPage(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: () => <h1>Second time</h1> };
    });
    await expect(Page.preload()).rejects.toThrow();
    renderLazy(Page);
    expect(await screen.findByRole('heading', { name: 'Second time' })).toBeInTheDocument();
  });
});
