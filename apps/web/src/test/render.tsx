import type React from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TooltipProvider } from '../ui';

/** A fresh cache per test; a failed call is not retried, so an error shows at once. */
export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false } } });

/**
 * Tests only: renders inside the providers the app gives every page (query cache, router,
 * tooltips). Pass `client` to seed or inspect the cache; `rerender` keeps the providers.
 */
export function renderWithProviders(
  ui: React.ReactNode,
  { client = testQueryClient(), path = '/' }: { client?: QueryClient; path?: string } = {},
) {
  // A wrapper, so that `rerender(ui)` keeps the same providers and cache.
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <TooltipProvider>{children}</TooltipProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
  return { ...render(ui, { wrapper }), client };
}
