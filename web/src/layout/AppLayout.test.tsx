import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, type Mock } from 'vitest';
import { apiError, mockApi, requestsTo } from '../test/mockApi';
import { renderApp } from '../test/renderApp';
import { setViewportWidth } from '../test/viewport';
import { SETTINGS_KEY } from '../components/settings';

let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  fetchMock = mockApi({});
});

const menu = () => screen.getByRole('navigation', { name: 'Menu utama' });
const menuButton = () => screen.getByRole('button', { name: 'Buka menu' });
const mask = () => screen.queryByTestId('menu-mask');

describe('main layout', () => {
  it('shows the dashboard and its title, and the public no database backend', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Beranda' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Beranda · Rumah Sakit Tentara'));
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/health')).toHaveLength(1));
    expect(screen.getByRole('contentinfo')).not.toHaveTextContent('Basis data');
  });

  it('opens a service from the menu and marks it as the current page', async () => {
    const { user, router } = renderApp('/');
    await user.click(within(menu()).getByRole('link', { name: 'Ketersediaan Tempat Tidur' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ketersediaan Tempat Tidur' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tempattidur');
    await waitFor(() => expect(document.title).toBe('Ketersediaan Tempat Tidur · Rumah Sakit Tentara'));
    expect(within(menu()).getByRole('link', { name: 'Ketersediaan Tempat Tidur' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('reloads the data of the page when its menu entry is chosen again', async () => {
    const { user } = renderApp('/');
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/health')).toHaveLength(1));
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/beds')).toHaveLength(1));

    await user.click(within(menu()).getByRole('link', { name: 'Beranda' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/beds')).toHaveLength(2));
    expect(requestsTo(fetchMock, 'GET /api/health')).toHaveLength(2);
  });

  it('shows a failed API call in a toast with the API message', async () => {
    mockApi({ 'GET /api/health': () => apiError(404, 'NOT_FOUND', 'Layanan tidak ditemukan') });
    renderApp('/');
    expect(await screen.findByText('Layanan tidak ditemukan')).toBeInTheDocument();
  });

  it('sends unknown paths to the not-found page, replacing the bad URL', async () => {
    const { router } = renderApp('/tidak-ada');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Requested resource is not available.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kembali ke Beranda' })).toHaveAttribute('href', '/');
    expect(router.state.location.pathname).toBe('/notfound');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  describe('on a desktop screen', () => {
    it('shows the static menu beside the content, and the menu button hides it', async () => {
      const { user } = renderApp('/');
      await screen.findByRole('heading', { level: 1 });
      expect(menuButton()).toHaveAttribute('aria-expanded', 'true');

      await user.click(menuButton());
      expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
      expect(mask()).not.toBeInTheDocument();
    });
  });

  describe('on a screen of 991 px or less', () => {
    it('starts with the menu closed and opens it over the content', async () => {
      const { user } = renderApp('/', { width: 800 });
      await screen.findByRole('heading', { level: 1 });
      expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
      expect(mask()).not.toBeInTheDocument();

      await user.click(menuButton());
      expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
      expect(mask()).toBeInTheDocument();
    });

    it('closes the menu with Escape and puts the focus back on the menu button', async () => {
      const { user } = renderApp('/', { width: 800 });
      await user.click(menuButton());
      within(menu()).getByRole('link', { name: 'Tarif Ambulance' }).focus();

      await user.keyboard('{Escape}');
      expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
      expect(menuButton()).toHaveFocus();
    });

    it('closes the menu on a click outside it', async () => {
      const { user } = renderApp('/', { width: 800 });
      await user.click(menuButton());
      await user.click(mask() as HTMLElement);
      expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    });

    it('closes the menu when a page is chosen', async () => {
      const { user } = renderApp('/', { width: 800 });
      await user.click(menuButton());
      await user.click(within(menu()).getByRole('link', { name: 'Pesan Mobil Jenazah' }));

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Pesan Mobil Jenazah' }),
      ).toBeInTheDocument();
      expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    });

    it('shows the static menu again when the window grows to desktop width', async () => {
      const { user } = renderApp('/', { width: 800 });
      await user.click(menuButton());
      act(() => setViewportWidth(1280));

      expect(mask()).not.toBeInTheDocument();
      expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    });
  });

  describe('settings sidebar', () => {
    async function openSettings() {
      const app = renderApp('/');
      await app.user.click(screen.getByRole('button', { name: 'Pengaturan' }));
      const sidebar = await screen.findByRole('complementary', { name: 'Pengaturan' });
      return { ...app, sidebar };
    }

    it('changes the root font size from the cog button, within 12 to 16 px', async () => {
      const { user, sidebar } = await openSettings();
      expect(within(sidebar).getByText('14 px')).toBeInTheDocument();

      await user.click(within(sidebar).getByRole('button', { name: 'Perbesar huruf' }));
      expect(document.documentElement.style.fontSize).toBe('15px');
      expect(within(sidebar).getByText('15 px')).toBeInTheDocument();

      await user.click(within(sidebar).getByRole('button', { name: 'Perbesar huruf' }));
      expect(document.documentElement.style.fontSize).toBe('16px');
      expect(within(sidebar).getByRole('button', { name: 'Perbesar huruf' })).toBeDisabled();
      expect(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}')).toMatchObject({ scale: 16 });

      for (let step = 0; step < 4; step++) {
        await user.click(within(sidebar).getByRole('button', { name: 'Perkecil huruf' }));
      }
      expect(document.documentElement.style.fontSize).toBe('12px');
      expect(within(sidebar).getByRole('button', { name: 'Perkecil huruf' })).toBeDisabled();
    });

    it('switches to the overlay menu, which floats over the content', async () => {
      const { user, sidebar } = await openSettings();
      await user.click(within(sidebar).getByRole('radio', { name: 'Overlay' }));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('complementary')).not.toBeInTheDocument());

      expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
      await user.click(menuButton());
      expect(mask()).toBeInTheDocument();
    });

    it('saves the chosen theme and input style', async () => {
      const { user, sidebar } = await openSettings();
      await user.click(within(sidebar).getByRole('radio', { name: 'Gelap' }));
      await user.click(within(sidebar).getByRole('radio', { name: 'Terisi' }));

      expect(document.documentElement).toHaveClass('p-input-filled');
      expect(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}')).toMatchObject({
        theme: 'lara-dark-indigo',
        inputStyle: 'filled',
      });
    });

    it('switches the whole page to English at once, and back', async () => {
      const { user, sidebar } = await openSettings();
      await user.click(within(sidebar).getByRole('radio', { name: 'English' }));

      expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
      expect(within(sidebar).getByRole('radio', { name: 'Bahasa Indonesia' })).not.toBeChecked();
      expect(document.documentElement).toHaveAttribute('lang', 'en');
      expect(JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}')).toMatchObject({ language: 'en' });

      await user.click(within(sidebar).getByRole('radio', { name: 'Bahasa Indonesia' }));
      expect(await screen.findByRole('navigation', { name: 'Menu utama' })).toBeInTheDocument();
      expect(document.documentElement).toHaveAttribute('lang', 'id');
    });

    it('closes with Escape, the focus back on the cog button', async () => {
      const { user, sidebar } = await openSettings();
      await waitFor(() =>
        expect(within(sidebar).getByRole('button', { name: 'Tutup pengaturan' })).toHaveFocus(),
      );
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('complementary')).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Pengaturan' })).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByRole('button', { name: 'Pengaturan' })).toHaveFocus();
    });
  });
});
