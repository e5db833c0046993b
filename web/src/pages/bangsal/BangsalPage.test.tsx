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
  patient: { id: 91, mrn: '000091', name: 'Andi Hendra Setiawan', sex: 'L' },
};

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
    'GET /api/ward/admissions': () => admissions,
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
      { patientId: 158, roomCode: 'NUR' },
    ]);
  });

  it('admits into the chosen room and refreshes the lists', async () => {
    mockWard(() => {
      const admission: CurrentAdmission = {
        id: 142,
        registrationNo: 'RI26112100001',
        admittedAt: '2026-11-21T03:40:00Z',
        room: { code: 'NUR', name: 'Ruang Nuri (Kelas II)', class: 'KL2' },
        patient: { id: 158, mrn: '000158', name: 'Andi Wijaya', sex: 'L' },
      };
      admissions = [...admissions, admission];
      return new Response(JSON.stringify(admission), { status: 201 });
    });
    const { user } = await findPatient('Andi Wijaya');
    await user.click(screen.getByRole('button', { name: 'Rawat inap Andi Wijaya' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rawat Inap: Andi Wijaya' });
    await user.selectOptions(within(dialog).getByLabelText('Ruangan'), 'NUR');
    await user.click(within(dialog).getByRole('button', { name: 'Rawat Inap' }));

    expect(await screen.findByText('Andi Wijaya dirawat di Ruang Nuri (Kelas II).')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const inpatients = screen.getByRole('table', { name: 'Pasien Dirawat' });
    expect(await within(inpatients).findByRole('row', { name: /Andi Wijaya/ })).toHaveTextContent(
      'RI26112100001',
    );
  });
});
