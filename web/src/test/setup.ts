import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setCsrfToken } from '../api/client';
import { STAFF_HINT_COOKIE } from '@portal/contract/constants';
import i18n from '../i18n';
import { setHospitalTimeZone } from '../i18n/format';
import { installMatchMedia, setViewportWidth } from './viewport';

installMatchMedia();

// Lazy screens with PrimeReact take over a second to appear in jsdom on a busy 2-core machine (CI runs
// the build and other suites beside); the default 1 s wait of findBy*/waitFor made tests flaky there.
configure({ asyncUtilTimeout: 10_000 });

// jsdom does not implement scrolling: a form's error is scrolled into view (FormDialog).
Element.prototype.scrollIntoView = () => {};

beforeEach(() => {
  // The router's scroll restoration calls it on every navigation.
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
  document.documentElement.removeAttribute('lang');
  document.cookie = `${STAFF_HINT_COOKIE}=; Max-Age=0; Path=/`;
  setCsrfToken(null);
  // A test that switched to English leaves the next one in Bahasa Indonesia, like a fresh visit.
  if (i18n.language !== 'id') void i18n.changeLanguage('id');
  // A test on a hospital in another zone leaves the next one on WIB, as a fresh page starts.
  setHospitalTimeZone('Asia/Jakarta');
});
