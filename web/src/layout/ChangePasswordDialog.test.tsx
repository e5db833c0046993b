import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionWith, setStaffHint } from '../test/fixtures';
import { json, mockApi, requestsTo } from '../test/mockApi';
import { renderApp } from '../test/renderApp';

const wrongCurrent = () =>
  json(
    {
      error: {
        code: 'WRONG_CURRENT_PASSWORD',
        message: 'Kata sandi lama salah.',
        fields: { currentPassword: 'Kata sandi lama salah.' },
      },
    },
    400,
  );

describe('changing one’s own password', () => {
  it('is offered from the top bar to any logged-in staff member, and not to the public', async () => {
    mockApi({});
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Masuk petugas' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ganti kata sandi' })).not.toBeInTheDocument();
  });

  it('tells a wrong current password next to it and stays logged in; the right one changes it', async () => {
    setStaffHint();
    const fetchMock = mockApi({
      'GET /api/auth/me': () => sessionWith([]),
      'POST /api/auth/password': ({ body }) =>
        (body as { currentPassword: string }).currentPassword === 'sandi-lama-1'
          ? new Response(null, { status: 204 })
          : wrongCurrent(),
    });
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Ganti kata sandi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ganti Kata Sandi' });
    const current = within(dialog).getByLabelText('Kata sandi lama');

    await user.type(current, 'sandi-lama-1');
    await user.type(within(dialog).getByLabelText('Kata sandi baru'), 'sandi-lama-1');
    await user.type(within(dialog).getByLabelText('Ulangi kata sandi baru'), 'sandi-baru-2');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(
      await within(dialog).findByText('Kata sandi baru harus berbeda dari kata sandi lama.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Kata sandi tidak sama.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/auth/password')).toHaveLength(0);

    await user.clear(current);
    await user.type(current, 'salah-tebak');
    await user.clear(within(dialog).getByLabelText('Kata sandi baru'));
    await user.type(within(dialog).getByLabelText('Kata sandi baru'), 'sandi-baru-2');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(current).toHaveAccessibleDescription('Kata sandi lama salah.'));
    expect(screen.getByText(sessionWith([]).name)).toBeInTheDocument();

    await user.clear(current);
    await user.type(current, 'sandi-lama-1');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Kata sandi Anda diganti.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, 'POST /api/auth/password').at(-1)?.body).toEqual({
      currentPassword: 'sandi-lama-1',
      newPassword: 'sandi-baru-2',
    });
    expect(screen.getByText(sessionWith([]).name)).toBeInTheDocument();

    // Opened again, the form starts empty.
    await user.click(screen.getByRole('button', { name: 'Ganti kata sandi' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText('Kata sandi lama')).toHaveValue('');
  });
});
