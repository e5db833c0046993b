import type { DeskComplaintCategory, StaffRole } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { apiError, type MockRequest, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

function logIn(roles: StaffRole[]) {
  let categories: DeskComplaintCategory[] = [
    { code: 'pelayanan', name: 'Pelayanan', sort: 1, active: true },
    { code: 'kebersihan', name: 'Kebersihan', sort: 2, active: true },
  ];
  setStaffHint();
  return mockApi({
    'GET /api/auth/me': () => sessionWith(roles),
    'GET /api/desk/complaints': () => ({ items: [], total: 0 }),
    'GET /api/complaint-categories': () =>
      categories.filter((category) => category.active).map(({ code, name }) => ({ code, name })),
    'GET /api/desk/complaint-categories': () => categories,
    'POST /api/complaint-categories': ({ body }: MockRequest) => {
      const { code, name } = body as { code: string; name: string };
      if (categories.some((category) => category.code === code))
        return apiError(409, 'CATEGORY_CODE_TAKEN', `Kode kategori ${code} sudah dipakai.`);
      const created = { code, name, sort: 0, active: true };
      categories = [...categories, created];
      return new Response(JSON.stringify(created), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      });
    },
    'PATCH /api/complaint-categories/kebersihan': ({ body }: MockRequest) => {
      categories = categories.map((category) =>
        category.code === 'kebersihan' ? { ...category, ...(body as object) } : category,
      );
      return categories.find((category) => category.code === 'kebersihan');
    },
  });
}

describe('the complaint categories on the complaints desk', () => {
  it('lets an admin add a category and deactivate one', async () => {
    const fetchMock = logIn(['admin']);
    const { user } = renderApp('/meja-pengaduan');
    const section = await screen.findByRole('region', { name: 'Kategori Pengaduan' });
    expect(await within(section).findByRole('cell', { name: 'Kebersihan' })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Tambah kategori' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambah Kategori Pengaduan' });
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Nama kategori wajib diisi.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/complaint-categories')).toHaveLength(0);

    // A code already in use is told next to the code.
    await user.type(within(dialog).getByLabelText('Kode'), 'pelayanan');
    await user.type(within(dialog).getByLabelText('Nama kategori'), 'Fasilitas Parkir');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Kode kategori pelayanan sudah dipakai.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Kode')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(dialog).getByLabelText('Kode'));
    await user.type(within(dialog).getByLabelText('Kode'), 'parkir');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Kategori "Fasilitas Parkir" ditambahkan.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/complaint-categories').at(-1)?.body).toEqual({
      code: 'parkir',
      name: 'Fasilitas Parkir',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(section).findByRole('cell', { name: 'parkir' })).toBeInTheDocument();

    const publicReads = requestsTo(fetchMock, 'GET /api/complaint-categories').length;
    const toggle = within(section).getByRole('switch', { name: 'Kategori Kebersihan aktif' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Kategori "Kebersihan" dinonaktifkan.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PATCH /api/complaint-categories/kebersihan')[0]?.body).toEqual({
      active: false,
    });
    await waitFor(() =>
      expect(within(section).getByRole('switch', { name: 'Kategori Kebersihan aktif' })).not.toBeChecked(),
    );
    // The complaint form's list is read again.
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/complaint-categories').length).toBeGreaterThan(publicReads),
    );
  });

  it('is not shown to complaints staff who are not admins', async () => {
    const fetchMock = logIn(['complaints']);
    renderApp('/meja-pengaduan');
    expect(await screen.findByRole('heading', { name: 'Daftar Pengaduan' })).toBeInTheDocument();
    expect(await screen.findByText('Tidak ada pengaduan.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Kategori Pengaduan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tambah kategori' })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/desk/complaint-categories')).toHaveLength(0);
  });
});
