import { QueryClient } from '@tanstack/react-query';
import { whenAccountChanges } from './auth/active-session.js';

/** The app's one query cache, shared by the React tree and the route loaders (router.tsx). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
  },
});

// another account (or none) is signed in now: nothing loaded for the last one may be shown
whenAccountChanges(() => queryClient.clear());
