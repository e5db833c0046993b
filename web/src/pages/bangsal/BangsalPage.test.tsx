import type { CurrentAdmission } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, type Mock } from 'vitest';
import type { WardPatient } from '../../api/ward';
import { installFakeEventSource } from '../../test/fakeEventSource';
import { bedsWith, sessionWith, setStaffHint } from '../../test/fixtures';
import { apiError, linkedSimrs, type MockRequest, mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const patients: WardPatient[] = [
  { id: 158, mrn: '000158', name: 'Andi Wijaya', sex: 'L', birthDate: '1947-02-07', admittedIn: null },
  {
    id: 91,
    mrn: '000091',
    name: 'Andi Hendra Setiawan',
    sex: 'L',
    birthDate: '1957-12-07',
    admittedIn: 'KNG',
  },
];

const inKenanga: CurrentAdmission = {
  id: 40,
  registrationNo: 'RI00009101',
  admittedAt: '2026-11-14T04:09:00Z',
  room: { code: 'KNG', name: 'Ruang Kenanga (Kelas III Pria)', class: 'KL3' },
  bed: 2,
  dpjp: { id: 7, name: 'dr. Hasanuddin, Sp.PD' },
  patient: { id: 91, mrn: '000091', name: 'Andi Hendra Setiawan', sex: 'L' },
};

const doctors = [
  { id: 7, name: 'dr. Hasanuddin, Sp.PD' },
  { id: 9, name: 'dr. Nurul Fadhilah, Sp.B' },
];

let fetchMock: Mock<typeof fetch>;
let admissions: CurrentAdmission[];

function mockWard(
  admit: (request: MockRequest) => unknown = () => apiError(599, 'NO_MOCK', 'no admission expected'),
  routes: Record<string, (request: MockRequest) => unknown> = {},
) {
  setStaffHint();
  fetchMock = mockApi({
    'GET /api/auth/me': () => sessionWith(['piket', 'ward']),
    'GET /api/beds': () => bedsWith(),
    'GET /api/ward/patients': () => patients,
    'GET /api/ward/admissions': ({ url }) => {
      const room = new URL(url, 'http://localhost').searchParams.get('room');
      return admissions.filter((stay) => room === null || stay.room.code === room);
    },
    'GET /api/ward/doctors': () => doctors,
    'POST /api/ward/admissions': admit,
    ...routes,
  });
}

beforeEach(() => {
  admissions = [inKenanga];
  installFakeEventSource();
});

async function findPatient(name: string) {
  const app = renderApp('/bangsal');
  await app.user.type(await screen.findByLabelText('No. RM atau nama pasien'), 'andi');
  const results = await screen.findByRole('table', { name: 'Cari Pasien' });
  await within(results).findByRole('cell', { name });
  return { ...app, results };
}

describe('the ward desk', () => {
  it('sends anonymous visitors to log in and back', async () => {
    mockApi({});
    renderApp('/bangsal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bangsal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Masuk untuk membukanya' })).toHaveAttribute(
      'href',
      '/auth?next=/bangsal',
    );
  });

  it('is closed to staff without the ward role', async () => {
    setStaffHint();
    const fetch = mockApi({ 'GET /api/auth/me': () => sessionWith(['registration']) });
    renderApp('/bangsal');
    expect(await screen.findByText('Anda tidak berhak membuka meja bangsal.')).toBeInTheDocument();
    expect(requestsTo(fetch, 'GET /api/ward/admissions')).toHaveLength(0);
  });

  it('shows where a found patient lies now, and lists the current inpatients', async () => {
    mockWard();
    const { results } = await findPatient('Andi Hendra Setiawan');
    expect(within(results).getByRole('row', { name: /Andi Hendra Setiawan/ })).toHaveTextContent(
      'sedang dirawat di Ruang Kenanga (Kelas III Pria)',
    );
    expect(requestsTo(fetchMock, 'GET /api/ward/patients').map((request) => request.url)).toEqual([
      '/api/ward/patients?q=andi',
    ]);
    const inpatients = screen.getByRole('table', { name: 'Pasien Dirawat' });
    expect(within(inpatients).getByRole('row', { name: /Andi Hendra Setiawan/ })).toHaveTextContent(
      'RI00009101',
    );
  });

  it('in linked mode, says stays are kept in the SIMRS and offers no admitting, moving or discharging', async () => {
    mockWard(undefined, linkedSimrs);
    const { results } = await findPatient('Andi Wijaya');
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Data rawat inap dikelola di SIMRS: ubah di SIMRS. Perubahannya tampil di sini dalam satu menit.',
    );
    expect(within(results).queryByRole('button', { name: 'Rawat inap Andi Wijaya' })).not.toBeInTheDocument();
    const inpatients = screen.getByRole('table', { name: 'Pasien Dirawat' });
    const stay = within(inpatients).getByRole('row', { name: /Andi Hendra Setiawan/ });
    expect(stay).toHaveTextContent('RI00009101');
    expect(within(stay).queryByRole('button', { name: /Pindahkan|Pulangkan/ })).not.toBeInTheDocument();
  });

  it('offers admitting, moving and discharging standalone, without a note', async () => {
    mockWard();
    const { results } = await findPatient('Andi Wijaya');
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/system/simrs')).toHaveLength(1));
    expect(within(results).getByRole('button', { name: 'Rawat inap Andi Wijaya' })).toBeInTheDocument();
    const inpatients = screen.getByRole('table', { name: 'Pasien Dirawat' });
    expect(
      within(inpatients).getByRole('button', { name: 'Pulangkan Andi Hendra Setiawan' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('offers only rooms with free beds for the patient, and shows why the server refused an admission', async () => {
    mockWard(() => apiError(409, 'ROOM_FULL', 'Ruang Nuri (Kelas II) penuh: tidak ada tempat tidur kosong.'));
    const { user } = await findPatient('Andi Wijaya');
    await user.click(screen.getByRole('button', { name: 'Rawat inap Andi Wijaya' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rawat Inap: Andi Wijaya' });

    const room = within(dialog).getByLabelText('Ruangan');
    const option = (name: RegExp) => within(room).getByRole('option', { name });
    expect(option(/Paviliun Cendrawasih \(VVIP\) — penuh/)).toBeDisabled();
    expect(option(/Ruang Mawar .* \(khusus perempuan\)/)).toBeDisabled();
    expect(option(/Ruang Nuri \(Kelas II\) — 3 tempat tidur kosong/)).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Rawat Inap' }));
    expect(await within(dialog).findByText('Ruangan wajib dipilih.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/ward/admissions')).toHaveLength(0);

    await user.selectOptions(room, 'NUR');
    await user.click(within(dialog).getByRole('button', { name: 'Rawat Inap' }));
    expect(
      await within(dialog).findByText('Ruang Nuri (Kelas II) penuh: tidak ada tempat tidur kosong.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Rawat Inap: Andi Wijaya' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/ward/admissions').map((request) => request.body)).toEqual([
      { patientId: 158, roomCode: 'NUR', dpjpId: null },
    ]);
  });

  it('admits into the chosen room and refreshes the lists', async () => {
    mockWard(() => {
      const admission: CurrentAdmission = {
        id: 142,
        registrationNo: 'RI26112100001',
        admittedAt: '2026-11-21T03:40:00Z',
        room: { code: 'NUR', name: 'Ruang Nuri (Kelas II)', class: 'KL2' },
        bed: 3,
        dpjp: { id: 9, name: 'dr. Nurul Fadhilah, Sp.B' },
        patient: { id: 158, mrn: '000158', name: 'Andi Wijaya', sex: 'L' },
      };
      admissions = [...admissions, admission];
      return new Response(JSON.stringify(admission), { status: 201 });
    });
    // Ruang Nuri has 10 beds, 7 of them taken.
    const nuri = { code: 'NUR', name: 'Ruang Nuri (Kelas II)', class: 'KL2' };
    admissions = [
      inKenanga,
      ...[1, 4, 5, 6, 7, 8, 9].map((bed) => ({
        ...inKenanga,
        id: 200 + bed,
        registrationNo: `RI0000920${bed}`,
        room: nuri,
        bed,
        patient: { id: 300 + bed, mrn: `00030${bed}`, name: `Pasien Nuri ${bed}`, sex: 'L' as const },
      })),
    ];
    const { user } = await findPatient('Andi Wijaya');
    await user.click(screen.getByRole('button', { name: 'Rawat inap Andi Wijaya' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rawat Inap: Andi Wijaya' });
    await user.selectOptions(within(dialog).getByLabelText('Ruangan'), 'NUR');
    // The room's beds that no one lies in, and the doctors for the DPJP.
    const bed = within(dialog).getByLabelText('Tempat tidur');
    await waitFor(() =>
      expect(
        within(bed)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Tempat tidur kosong pertama', 'Tempat tidur 2', 'Tempat tidur 3', 'Tempat tidur 10']),
    );
    await user.selectOptions(bed, 'Tempat tidur 3');
    await user.selectOptions(
      await within(dialog).findByLabelText('DPJP (dokter penanggung jawab)'),
      'dr. Nurul Fadhilah, Sp.B',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Rawat Inap' }));

    expect(
      await screen.findByText('Andi Wijaya dirawat di Ruang Nuri (Kelas II), tempat tidur 3.'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/ward/admissions').map((request) => request.body)).toEqual([
      { patientId: 158, roomCode: 'NUR', bed: 3, dpjpId: 9 },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const inpatients = screen.getByRole('table', { name: 'Pasien Dirawat' });
    const row = await within(inpatients).findByRole('row', { name: /Andi Wijaya/ });
    expect(row).toHaveTextContent('RI26112100001');
    expect(row).toHaveTextContent('dr. Nurul Fadhilah, Sp.B');
  });

  it('discharges with how the stay ended, and changes the DPJP', async () => {
    mockWard(undefined, {
      'POST /api/ward/admissions/40/discharge': () => new Response(null, { status: 204 }),
      'PUT /api/ward/admissions/40/dpjp': ({ body }) => ({
        ...inKenanga,
        dpjp: doctors.find((doctor) => doctor.id === (body as { dpjpId: number }).dpjpId) ?? null,
      }),
    });
    const { user } = await findPatient('Andi Wijaya');
    const inpatients = screen.getByRole('table', { name: 'Pasien Dirawat' });
    const stay = within(inpatients).getByRole('row', { name: /Andi Hendra Setiawan/ });
    expect(stay).toHaveTextContent('dr. Hasanuddin, Sp.PD');

    await user.click(within(stay).getByRole('button', { name: 'Ganti DPJP Andi Hendra Setiawan' }));
    const change = await screen.findByRole('dialog', { name: 'Ganti DPJP Andi Hendra Setiawan' });
    const dpjp = await within(change).findByLabelText('DPJP (dokter penanggung jawab)');
    expect(dpjp).toHaveDisplayValue('dr. Hasanuddin, Sp.PD');
    await user.selectOptions(dpjp, 'dr. Nurul Fadhilah, Sp.B');
    await user.click(within(change).getByRole('button', { name: 'Simpan' }));
    expect(
      await screen.findByText('DPJP Andi Hendra Setiawan sekarang dr. Nurul Fadhilah, Sp.B.'),
    ).toBeInTheDocument();
    await user.click(within(stay).getByRole('button', { name: 'Ganti DPJP Andi Hendra Setiawan' }));
    const again = await screen.findByRole('dialog', { name: 'Ganti DPJP Andi Hendra Setiawan' });
    await user.selectOptions(await within(again).findByLabelText('DPJP (dokter penanggung jawab)'), '');
    await user.click(within(again).getByRole('button', { name: 'Simpan' }));
    expect(
      await screen.findByText('DPJP Andi Hendra Setiawan dikosongkan: belum ada dokter penanggung jawab.'),
    ).toBeInTheDocument();

    await user.click(within(stay).getByRole('button', { name: 'Pulangkan Andi Hendra Setiawan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pulangkan Andi Hendra Setiawan' });
    await user.click(within(dialog).getByRole('button', { name: 'Pulangkan' }));
    expect(await within(dialog).findByText('Pilih cara pulang dari daftar.')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Cara pulang'), 'Dirujuk');
    await user.type(within(dialog).getByLabelText('Keterangan'), 'RSUP Dr. Wahidin Sudirohusodo');
    await user.click(within(dialog).getByRole('button', { name: 'Pulangkan' }));
    expect(await screen.findByText('Andi Hendra Setiawan telah dipulangkan.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/ward/admissions/40/discharge').map((r) => r.body)).toEqual([
      { reason: 'referred', note: 'RSUP Dr. Wahidin Sudirohusodo' },
    ]);
  });
});
