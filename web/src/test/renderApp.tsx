import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { createQueryClient } from '../api/queryClient';
import { App } from '../app/App';
import { showErrorToast } from '../app/ErrorToast';
import { routes as appRoutes } from '../app/routes';
import { setViewportWidth } from './viewport';

/**
 * Renders the whole app, as main.tsx does, at `path` in a viewport `width` pixels wide; `routes` replace
 * the app's own (a test's screen registry).
 */
export function renderApp(path = '/', { width = 1280, routes = appRoutes } = {}) {
  setViewportWidth(width);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient(showErrorToast);
  const user = userEvent.setup();
  render(<App router={router} queryClient={queryClient} />);
  return { router, user };
}
