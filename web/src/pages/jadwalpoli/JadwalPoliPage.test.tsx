import type { AdminClinic, AdminDoctor, AdminSchedule, ClosedDate } from '@portal/contract';
import type { StaffRole } from '@portal/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { childrenClinic, internalClinic } from '../../test/clinic';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { apiError, json, type MockRequest, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const clinics: AdminClinic[] = [internalClinic, childrenClinic];

const doctors: AdminDoctor[] = [
  { id: 5, name: 'dr. Andi Wijaya, Sp.PD', bpjsCode: '12345', clinicId: 1, active: true },
  { id: 7, name: 'dr. Budi Hartono, Sp.PD', bpjsCode: '12377', clinicId: 1, active: true },
  { id: 9, name: 'dr. Citra Lestari, Sp.A', bpjsCode: '22001', clinicId: 2, active: true },
];

const monday: AdminSchedule = {
  id: 31,
  clinicId: 1,
  doctorId: 5,
  doctorName: 'dr. Andi Wijaya, Sp.PD',
  weekday: 1,
  start: '08:00',
  end: '12:00',
  quotaJkn: 20,
  quotaNonJkn: 10,
  minutesPerPatient: 10,
  active: true,
};

const christmas: ClosedDate = {
  id: 4,
  date: '2030-12-25',
  clinicId: null,
  doctorId: null,
  reason: 'Libur Nasional: Hari Raya Natal',
};

function logIn(roles: StaffRole[], routes: Record<string, (request: MockRequest) => unknown> = {}) {
  setStaffHint();
  return mockApi({
    'GET /api/auth/me': () => sessionWith(roles),
    'GET /api/admin/clinics': () => clinics,
    'GET /api/admin/doctors': () => doctors,
    ...routes,
  });
}

describe('the clinic schedules page', () => {
  it('is closed to staff without the registration role', async () => {
    logIn(['ward']);
    renderApp('/jadwal-poli');
    expect(await screen.findByText('Anda tidak berhak membuka jadwal poli.')).toBeInTheDocument();
  });

  it('adds a clinic with its code in capitals, and tells a code already used next to the code', async () => {
    const fetchMock = logIn(['registration'], {
      'POST /api/admin/clinics': ({ body }) => {
        const input = body as Omit<AdminClinic, 'id'>;
        if (input.code === 'INT') return apiError(409, 'DUPLICATE', 'Kode poli INT sudah dipakai.');
        return json({ id: 3, ...input }, 201);
      },
    });
    const { user } = renderApp('/jadwal-poli');
    const section = await screen.findByRole('region', { name: 'Daftar Poli' });
    expect(await within(section).findByRole('cell', { name: 'Poli Penyakit Dalam' })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Tambah poli' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambah Poli' });
    await user.type(within(dialog).getByLabelText('Kode poli'), 'int');
    await user.type(within(dialog).getByLabelText('Nama poli'), 'Poli Jantung');
    await user.type(within(dialog).getByLabelText('Awalan nomor antrean'), 'jan');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));

    expect(await within(dialog).findByText('Kode poli INT sudah dipakai.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Kode poli')).toHaveAccessibleDescription(
      expect.stringContaining('Kode poli INT sudah dipakai.'),
    );
    expect(requestsTo(fetchMock, 'POST /api/admin/clinics')[0]?.body).toEqual({
      code: 'INT',
      name: 'Poli Jantung',
      bpjsCode: null,
      queuePrefix: 'JAN',
      notifyAhead: 3,
      active: true,
    });

    await user.clear(within(dialog).getByLabelText('Kode poli'));
    await user.type(within(dialog).getByLabelText('Kode poli'), 'JAN');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Poli "Poli Jantung" disimpan.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('changes a doctor, telling a BPJS code already used next to it, and sends an emptied code as none', async () => {
    const fetchMock = logIn(['admin'], {
      'PUT /api/admin/doctors/5': ({ body }) => {
        const input = body as Omit<AdminDoctor, 'id'>;
        if (input.bpjsCode === '12377') {
          return apiError(409, 'DUPLICATE', 'Kode BPJS 12377 sudah dipakai dr. Budi Hartono, Sp.PD.');
        }
        return { id: 5, ...input };
      },
    });
    const { user } = renderApp('/jadwal-poli?tab=dokter');
    const section = await screen.findByRole('region', { name: 'Daftar Dokter' });
    const row = (await within(section).findByRole('cell', { name: 'dr. Citra Lestari, Sp.A' })).closest('tr');
    expect(row).toHaveTextContent('Poli Anak');

    await user.click(within(section).getByRole('button', { name: 'Ubah dokter dr. Andi Wijaya, Sp.PD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ubah Dokter dr. Andi Wijaya, Sp.PD' });
    expect(within(dialog).getByLabelText('Poli')).toHaveDisplayValue('Poli Penyakit Dalam');
    const code = within(dialog).getByLabelText('Kode dokter BPJS');
    await user.clear(code);
    await user.type(code, '12377');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        expect.stringContaining('Kode BPJS 12377 sudah dipakai dr. Budi Hartono, Sp.PD.'),
      ),
    );

    await user.clear(code);
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Dokter "dr. Andi Wijaya, Sp.PD" disimpan.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /api/admin/doctors/5').at(-1)?.body).toEqual({
      name: 'dr. Andi Wijaya, Sp.PD',
      bpjsCode: null,
      clinicId: 1,
      active: true,
    });
  });

  it('adds a weekly schedule for a doctor of the clinic, with the server’s refusal next to its field', async () => {
    let schedules = [monday];
    const fetchMock = logIn(['admin'], {
      'GET /api/admin/schedules': () => schedules,
      'POST /api/admin/schedules': ({ body }) => {
        const input = body as Omit<AdminSchedule, 'id' | 'doctorName'>;
        if (input.start === '08:00') {
          return json(
            {
              error: {
                code: 'VALIDATION',
                message: 'Data jadwal tidak valid.',
                fields: { start: 'Bertabrakan dengan jadwal dr. Budi Hartono, Sp.PD hari Rabu 07:00–10:00.' },
              },
            },
            400,
          );
        }
        const created = { id: 32, doctorName: 'dr. Budi Hartono, Sp.PD', ...input };
        schedules = [...schedules, created];
        return json(created, 201);
      },
    });
    const { user, router } = renderApp('/jadwal-poli');
    await user.click(await screen.findByRole('tab', { name: 'Jadwal' }));
    expect(await screen.findByText('Pilih poli untuk melihat jadwal mingguannya.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Poli'), 'Poli Penyakit Dalam');
    expect(router.state.location.search).toBe('?tab=jadwal&poli=1');
    const section = screen.getByRole('region', { name: 'Jadwal Mingguan' });
    expect(await within(section).findByRole('cell', { name: 'dr. Andi Wijaya, Sp.PD' })).toBeInTheDocument();
    expect(within(section).getByRole('cell', { name: 'Senin' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/admin/schedules')[0]?.url).toBe('/api/admin/schedules?clinicId=1');

    await user.click(within(section).getByRole('button', { name: 'Tambah jadwal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambah Jadwal' });
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Dokter wajib dipilih.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/admin/schedules')).toHaveLength(0);

    const doctorSelect = within(dialog).getByLabelText('Dokter');
    // Only the clinic's own doctors.
    expect(within(doctorSelect).queryByRole('option', { name: 'dr. Citra Lestari, Sp.A' })).toBeNull();
    await user.selectOptions(doctorSelect, 'dr. Budi Hartono, Sp.PD');
    await user.selectOptions(within(dialog).getByLabelText('Hari'), 'Rabu');
    await user.type(within(dialog).getByLabelText('Jam mulai'), '08:00');
    await user.type(within(dialog).getByLabelText('Jam selesai'), '12:00');
    await user.type(within(dialog).getByLabelText('Kuota JKN'), '20');
    await user.type(within(dialog).getByLabelText('Kuota non-JKN'), '10');
    expect(within(dialog).getByLabelText('Menit per pasien')).toHaveValue(10);
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));

    const refusal = 'Bertabrakan dengan jadwal dr. Budi Hartono, Sp.PD hari Rabu 07:00–10:00.';
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Jam mulai')).toHaveAccessibleDescription(refusal);
    expect(within(dialog).getByLabelText('Jam mulai')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, 'POST /api/admin/schedules')[0]?.body).toEqual({
      clinicId: 1,
      doctorId: 7,
      weekday: 3,
      start: '08:00',
      end: '12:00',
      quotaJkn: 20,
      quotaNonJkn: 10,
      minutesPerPatient: 10,
      active: true,
    });

    await user.clear(within(dialog).getByLabelText('Jam mulai'));
    await user.type(within(dialog).getByLabelText('Jam mulai'), '10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Jadwal dr. Budi Hartono, Sp.PD hari Rabu disimpan.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(section).findByRole('cell', { name: 'Rabu' })).toBeInTheDocument();
    expect(within(section).getByRole('cell', { name: '10.00–12.00' })).toBeInTheDocument();
  });

  it('adds a doctor’s leave and deletes a holiday', async () => {
    const renovation: ClosedDate = {
      id: 5,
      date: '2030-02-01',
      clinicId: 2,
      doctorId: null,
      reason: 'Renovasi',
    };
    let closedDates = [christmas, renovation];
    const fetchMock = logIn(['registration'], {
      'GET /api/admin/closed-dates': () => closedDates,
      'GET /api/admin/closed-dates/bookings': ({ url }) => ({ bookings: url.includes('doctorId=7') ? 3 : 0 }),
      'POST /api/admin/closed-dates': ({ body }) => {
        const created = { id: 8, ...(body as Omit<ClosedDate, 'id'>) };
        closedDates = [created, ...closedDates];
        return json({ ...created, cancelled: 3 }, 201);
      },
      'DELETE /api/admin/closed-dates/4': () => {
        closedDates = closedDates.filter((closed) => closed.id !== 4);
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderApp('/jadwal-poli?tab=libur');
    const section = await screen.findByRole('region', { name: 'Hari Libur dan Tutup' });
    const holiday = (
      await within(section).findByRole('cell', { name: 'Libur Nasional: Hari Raya Natal' })
    ).closest('tr');
    expect(holiday).toHaveTextContent('25 Des 2030');
    expect(holiday).toHaveTextContent('Seluruh rumah sakit');
    // The clinic's name says "Poli" itself.
    expect(within(section).getByRole('cell', { name: 'Renovasi' }).closest('tr')).toHaveTextContent(
      /^1 Feb 2030Poli AnakRenovasi/,
    );

    await user.click(within(section).getByRole('button', { name: 'Tambah hari libur/tutup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambah Hari Libur/Tutup' });
    await user.type(within(dialog).getByLabelText('Tanggal'), '2030-01-20');
    await user.click(within(dialog).getByRole('radio', { name: 'Satu dokter' }));
    await user.type(within(dialog).getByLabelText('Keterangan'), 'Dokter cuti');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Dokter wajib dipilih.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/admin/closed-dates')).toHaveLength(0);

    await user.selectOptions(
      within(dialog).getByLabelText('Dokter'),
      'dr. Budi Hartono, Sp.PD — Poli Penyakit Dalam',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    // Asked first, with the number of bookings the close cancels; going back closes nothing.
    let asked = await screen.findByRole('dialog', { name: 'Konfirmasi Tutup' });
    expect(asked).toHaveTextContent(
      'Tutup 20 Jan 2030 untuk dr. Budi Hartono, Sp.PD? 3 pendaftaran yang masih menunggu akan dibatalkan dan setiap pasiennya diberi tahu lewat WhatsApp.',
    );
    expect(requestsTo(fetchMock, 'GET /api/admin/closed-dates/bookings')[0]?.url).toBe(
      '/api/admin/closed-dates/bookings?date=2030-01-20&doctorId=7',
    );
    await user.click(within(asked).getByRole('button', { name: 'Kembali' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Konfirmasi Tutup' })).toBeNull());
    expect(requestsTo(fetchMock, 'POST /api/admin/closed-dates')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    asked = await screen.findByRole('dialog', { name: 'Konfirmasi Tutup' });
    await user.click(within(asked).getByRole('button', { name: 'Tutup dan batalkan pendaftaran' }));
    expect(
      await screen.findByText(
        '20 Jan 2030 ditutup: Dokter cuti. 3 pendaftaran dibatalkan; pasiennya diberi tahu lewat WhatsApp.',
      ),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/admin/closed-dates')[0]?.body).toEqual({
      date: '2030-01-20',
      clinicId: null,
      doctorId: 7,
      reason: 'Dokter cuti',
    });
    expect(
      await within(section).findByRole('cell', { name: 'dr. Budi Hartono, Sp.PD (cuti)' }),
    ).toBeInTheDocument();

    await user.click(
      within(section).getByRole('button', {
        name: 'Hapus Libur Nasional: Hari Raya Natal tanggal 25 Des 2030',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Konfirmasi Hapus' });
    await user.click(within(confirm).getByRole('button', { name: 'Hapus' }));
    expect(
      await screen.findByText('25 Des 2030 (Libur Nasional: Hari Raya Natal) dihapus.'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'DELETE /api/admin/closed-dates/4')).toHaveLength(1);
    await waitFor(() =>
      expect(within(section).queryByRole('cell', { name: 'Libur Nasional: Hari Raya Natal' })).toBeNull(),
    );
  });
});
