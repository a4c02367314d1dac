import { QueryClient } from '@tanstack/react-query';

/** The app's one query cache, shared by the React tree and the route loaders (router.tsx). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
  },
});
