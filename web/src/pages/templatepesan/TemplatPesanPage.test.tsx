import type { MessageTemplate, OptOut } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { type MockRequest, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const confirmation: MessageTemplate = {
  kind: 'booking_confirmation',
  body: 'KODE BOOKING: *{kode_booking}*. Status: {tautan_status}',
  placeholders: ['kode_booking', 'nomor_antrean', 'tautan_status'],
  custom: false,
  updatedAt: null,
};
const near: MessageTemplate = {
  kind: 'queue_near',
  body: 'Tinggal {jumlah_di_depan} pasien lagi.',
  placeholders: ['kode_booking', 'jumlah_di_depan'],
  custom: true,
  updatedAt: '2026-11-20T03:00:00.000Z',
};
const optOuts: OptOut[] = [{ phone: '081355501234', source: 'reply', createdAt: '2026-11-21T02:00:00.000Z' }];

function logIn(
  roles: Parameters<typeof sessionWith>[0],
  routes: Record<string, (r: MockRequest) => unknown> = {},
) {
  setStaffHint();
  return mockApi({
    'GET /api/auth/me': () => sessionWith(roles, 'Andi Syahrir Mappaseng'),
    'GET /api/admin/message-templates': () => [confirmation, near],
    'GET /api/admin/whatsapp-opt-outs': () => optOuts,
    ...routes,
  });
}

describe('the WhatsApp messages screen', () => {
  it('is for admins only', async () => {
    logIn(['registration']);
    renderApp('/template-pesan');
    expect(await screen.findByText('Anda tidak berhak mengubah pesan WhatsApp pasien.')).toBeInTheDocument();
  });

  it('refuses a placeholder the kind does not know, previews the text, and saves it', async () => {
    const fetchMock = logIn(['admin'], {
      'POST /api/admin/message-templates/booking_confirmation/preview': ({ body }) => ({
        message: (body as { body: string }).body.replace('{kode_booking}', 'K7QD-2MXP'),
      }),
      'PUT /api/admin/message-templates/booking_confirmation': ({ body }) => ({
        ...confirmation,
        ...(body as object),
        custom: true,
      }),
    });
    const { user } = renderApp('/template-pesan');
    const section = await screen.findByRole('region', { name: 'Isi Pesan' });
    const table = within(section).getByRole('table', { name: 'Isi Pesan' });
    await within(table).findByText('Konfirmasi pendaftaran');
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Konfirmasi pendaftaran');
    expect(first).toHaveTextContent('Bawaan');
    expect(second).toHaveTextContent('Diubah');

    await user.click(within(table).getByRole('button', { name: 'Ubah pesan Konfirmasi pendaftaran' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ubah Pesan: Konfirmasi pendaftaran' });
    const text = within(dialog).getByLabelText('Isi pesan');
    expect(text).toHaveAccessibleDescription(expect.stringContaining('{kode_booking}, {nomor_antrean}'));

    await user.clear(text);
    await user.type(text, 'Kode {{kode_bokking}');
    await user.click(within(dialog).getByRole('button', { name: 'Pratinjau' }));
    expect(await within(dialog).findByText('Isian tidak dikenal: {kode_bokking}.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/admin/message-templates/booking_confirmation/preview')).toEqual(
      [],
    );

    await user.clear(text);
    await user.type(text, 'Kode {{kode_booking}');
    await user.click(within(dialog).getByRole('button', { name: 'Pratinjau' }));
    const preview = await within(dialog).findByRole('region', {
      name: 'Pratinjau dengan contoh pendaftaran',
    });
    expect(preview).toHaveTextContent('Kode K7QD-2MXP');

    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Pesan "Konfirmasi pendaftaran" disimpan.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /api/admin/message-templates/booking_confirmation')[0]?.body).toEqual({
      body: 'Kode {kode_booking}',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lists the numbers that opted out and adds one', async () => {
    const fetchMock = logIn(['admin'], {
      'POST /api/admin/whatsapp-opt-outs': () => new Response(null, { status: 204 }),
    });
    const { user } = renderApp('/template-pesan');
    const section = await screen.findByRole('region', { name: 'Nomor yang Berhenti Menerima Pesan' });
    expect(await within(section).findByRole('cell', { name: '081355501234' })).toBeInTheDocument();
    expect(within(section).getByRole('cell', { name: 'Balasan pasien' })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Tambah Nomor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hentikan Pesan ke Nomor' });
    await user.type(within(dialog).getByLabelText('No. HP'), '0812 4455 6677');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(
      await screen.findByText('Nomor 0812 4455 6677 tidak akan menerima pesan WhatsApp lagi.'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/admin/whatsapp-opt-outs')[0]?.body).toEqual({
      phone: '0812 4455 6677',
    });
  });
});
