import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setCsrfToken } from '../api/client';
import { STAFF_HINT_COOKIE } from '@portal/contract/constants';
import '../i18n';
import { installMatchMedia, setViewportWidth } from './viewport';

installMatchMedia();

beforeEach(() => {
  // jsdom does not implement scrolling; the router's scroll restoration calls it on every navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  setViewportWidth(1280);
  document.documentElement.removeAttribute('style');
  document.documentElement.className = '';
  document.cookie = `${STAFF_HINT_COOKIE}=; Max-Age=0; Path=/`;
  setCsrfToken(null);
});
