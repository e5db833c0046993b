import type { ReferenceEntry } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { apiError, type MockRequest, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const units: ReferenceEntry[] = [
  { id: 1, kind: 'unit', code: 'SAT01', name: 'Kodam XIV/Hasanuddin', active: true },
  { id: 2, kind: 'unit', code: 'SAT02', name: 'Korem 141/Toddopuli', active: false },
];

function logIn(
  roles: Parameters<typeof sessionWith>[0],
  routes: Record<string, (r: MockRequest) => unknown> = {},
) {
  setStaffHint();
  return mockApi({
    'GET /api/auth/me': () => sessionWith(roles, 'Andi Syahrir Mappaseng'),
    'GET /api/reference-codes': ({ url }) =>
      new URL(url, 'http://localhost').searchParams.get('kind') === 'unit' ? units : [],
    ...routes,
  });
}

const query = (request: MockRequest | undefined) =>
  Object.fromEntries(new URL(request?.url ?? '', 'http://localhost').searchParams);

describe('the reference lists screen', () => {
  it('is for admins only', async () => {
    logIn(['registration']);
    renderApp('/referensi');
    expect(
      await screen.findByText('Anda tidak berhak mengubah daftar referensi pasien.'),
    ).toBeInTheDocument();
  });

  it('lists a kind with its retired codes, adds a code in capitals and tells a code in use next to it', async () => {
    const fetchMock = logIn(['admin'], {
      'POST /api/reference-codes': ({ body }) =>
        (body as { code: string }).code === 'SAT01'
          ? apiError(409, 'DUPLICATE', 'Kode SAT01 sudah dipakai untuk kesatuan Kodam XIV/Hasanuddin.')
          : new Response(JSON.stringify({ id: 3, active: true, ...(body as object) }), {
              status: 201,
              headers: { 'Content-Type': 'application/json' },
            }),
    });
    const { user, router } = renderApp('/referensi');
    await user.click(await screen.findByRole('tab', { name: 'Kesatuan' }));
    expect(router.state.location.search).toBe('?tab=unit');
    const section = await screen.findByRole('region', { name: 'Kesatuan' });
    const table = within(section).getByRole('table', { name: 'Kesatuan' });
    await within(table).findByText('SAT01');
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('SAT01Kodam XIV/HasanuddinAktif');
    expect(second).toHaveTextContent('SAT02Korem 141/ToddopuliTidak aktif');
    expect(
      within(second as HTMLElement).queryByRole('button', { name: 'Nonaktifkan kode SAT02' }),
    ).toBeNull();
    expect(query(requestsTo(fetchMock, 'GET /api/reference-codes').at(-1))).toEqual({
      kind: 'unit',
      includeRetired: 'true',
    });

    await user.click(within(section).getByRole('button', { name: 'Tambah Kode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambah Kode Kesatuan' });
    await user.type(within(dialog).getByLabelText('Kode'), 'sat01');
    await user.type(within(dialog).getByLabelText('Nama'), 'Kodam Lain');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(
      await within(dialog).findByText('Kode SAT01 sudah dipakai untuk kesatuan Kodam XIV/Hasanuddin.'),
    ).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Kode'));
    await user.type(within(dialog).getByLabelText('Kode'), 'sat09');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Kode SAT09 (Kodam Lain) disimpan.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/reference-codes').at(-1)?.body).toEqual({
      kind: 'unit',
      code: 'SAT09',
      name: 'Kodam Lain',
    });
  });

  it('renames a code and retires it after a confirmation', async () => {
    const fetchMock = logIn(['admin'], {
      'PUT /api/reference-codes/1': ({ body }) => ({ ...units[0], ...(body as object) }),
      'DELETE /api/reference-codes/1': () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp('/referensi?tab=unit');
    const section = await screen.findByRole('region', { name: 'Kesatuan' });
    await user.click(await within(section).findByRole('button', { name: 'Ubah nama kode SAT01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ubah Nama Kode SAT01' });
    await user.clear(within(dialog).getByLabelText('Nama'));
    await user.type(within(dialog).getByLabelText('Nama'), 'Kodam XIV/Hasanuddin Makassar');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(
      await screen.findByText('Nama kode SAT01 diubah menjadi Kodam XIV/Hasanuddin Makassar.'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /api/reference-codes/1')[0]?.body).toEqual({
      name: 'Kodam XIV/Hasanuddin Makassar',
    });

    await user.click(within(section).getByRole('button', { name: 'Nonaktifkan kode SAT01' }));
    const confirm = await screen.findByRole('dialog', { name: 'Nonaktifkan kode?' });
    expect(confirm).toHaveTextContent(
      'Kode SAT01 (Kodam XIV/Hasanuddin) tidak lagi ditawarkan di formulir pasien.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Nonaktifkan' }));
    expect(await screen.findByText('Kode SAT01 dinonaktifkan.')).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetchMock, 'DELETE /api/reference-codes/1')).toHaveLength(1));
  });
});
