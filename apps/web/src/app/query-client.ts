import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // An ApiError was already shown; retrying a 4xx only repeats it.
      retry: (count, error) => count < 1 && !(error as { status?: number }).status,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
