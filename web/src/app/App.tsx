import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type RouterProviderProps } from 'react-router';
import { LayoutProvider } from '../components/LayoutContext';
import { ErrorToast } from './ErrorToast';
import { HospitalClock } from './HospitalClock';

interface AppProps {
  router: RouterProviderProps['router'];
  queryClient: QueryClient;
}

/** The whole app around a router: the browser's in main.tsx, an in-memory one in tests. */
export function App({ router, queryClient }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <LayoutProvider>
        <HospitalClock>
          <RouterProvider router={router} />
        </HospitalClock>
        <ErrorToast />
      </LayoutProvider>
    </QueryClientProvider>
  );
}
