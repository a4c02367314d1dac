import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { whenAccountChanges } from './auth/active-session.js';
import { takeQueryCache } from './route-prefetch.js';

/**
 * The app's one query cache, shared by the screens that read the API through TanStack
 * Query (the signed-in areas, the top bar's Logout, the registration form) and the route
 * loaders (route-prefetch.ts). Not part of the first download (decision 0029, "The public
 * pages within 150 KB"): the public pages read the one thing they show from the API, the
 * company profile, without it (company-profile.ts); this module comes with the first
 * screen that needs it.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
  },
});

// another account (or none) is signed in now: nothing loaded for the last one may be shown
whenAccountChanges(() => queryClient.clear());
// the route loaders look into it from now on (before, it was empty)
takeQueryCache(queryClient);

/**
 * The query cache for the screens under it. Each part of the app that reads through
 * TanStack Query puts this around itself (an area's layout, the top bar's Logout, the
 * registration form), with the same cache: main.tsx has no provider, so the public pages
 * carry no query library.
 */
export function WithQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
