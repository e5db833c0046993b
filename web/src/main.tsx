import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import 'primeicons/primeicons.css';
import './layout/layout.css';
import './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { createQueryClient } from './api/queryClient';
import { App } from './app/App';
import { showErrorToast } from './app/ErrorToast';
import { legacyHashTarget } from './app/legacyHash';
import { routes } from './app/routes';

// Old bookmarks and printed links use the legacy hash URLs; rewrite them before the router reads the URL.
const legacyTarget = legacyHashTarget(window.location.hash);
if (legacyTarget) window.history.replaceState(null, '', legacyTarget);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={createBrowserRouter(routes)} queryClient={createQueryClient(showErrorToast)} />
  </StrictMode>,
);
