import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { useSavedUiState } from '../src/lib/useSavedUiState';
import { installFakeFetch, json } from './fakeFetch';

const DEFAULTS = { q: '', company: null as string | null };

describe('useSavedUiState', () => {
  it('a change made from an earlier render (a debounced search) keeps the changes made since', async () => {
    installFakeFetch({
      'GET /api/ui-state/pipelines': () => json(200, { data: { state: {} } }),
      'PUT /api/ui-state/pipelines': () => json(200, { data: { state: {} } }),
    });
    const qc = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={qc}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSavedUiState('pipelines', DEFAULTS), { wrapper });
    await waitFor(() => expect(result.current.ready).toBe(true));
    // What a search field's timer holds: the `update` of the render when the user typed.
    const updateWhenTyped = result.current.update;
    act(() => result.current.update({ company: 'Boots' }));
    act(() => updateWhenTyped({ q: 'leeds' }));
    expect(result.current.state).toEqual({ q: 'leeds', company: 'Boots' });
  });
});
