import type { StaffRole } from '@portal/contract/constants';
import { describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { menuModel } from './menu';

function labelsOf(isStaff: boolean): string[][] {
  return menuModel({ isStaff }).map((group) => [
    i18n.t(`menu.groups.${group.label}`),
    ...group.items.map((item) => `${i18n.t(`menu.${item.label}`)} → ${item.to}`),
  ]);
}

describe('menu model', () => {
  it('lists the seven public services in the legacy order, after the dashboard', () => {
    expect(labelsOf(false)).toEqual([
      ['Utama', 'Beranda → /'],
      [
        'Layanan',
        'Tarif Ambulance → /tarifambulance',
        'Pesan Mobil Ambulance → /ambulance',
        'Pesan Mobil Jenazah → /jenazah',
        'Pendaftaran Rawat Jalan → /registrasi',
        'Ketersediaan Tempat Tidur → /tempattidur',
        'Buku Tarif Pelayanan → /tarifpelayanan',
        'Pengaduan Pelayanan → /pengaduan',
      ],
    ]);
  });

  it('adds the staff pages only for staff', () => {
    expect(labelsOf(true)).toEqual([
      ...labelsOf(false),
      ['Petugas', 'Absensi → /absensi', 'Piket → /piket', 'Bangsal → /bangsal'],
    ]);
  });

  it('adds the desks by role', () => {
    const staffItems = (roles: StaffRole[]) =>
      menuModel({ isStaff: true, roles })[2]
        ?.items.filter((item) => item.roles)
        .map((item) => item.to);
    expect(staffItems(['piket'])).toEqual(['/meja-pesanan', '/notifikasi']);
    expect(staffItems(['cs'])).toEqual(['/meja-pengaduan', '/notifikasi']);
    expect(staffItems(['registration'])).toEqual(['/antrean', '/jadwal-poli']);
    expect(staffItems(['admin'])).toEqual([
      '/pegawai',
      '/meja-pesanan',
      '/meja-pengaduan',
      '/antrean',
      '/jadwal-poli',
      '/jadwal-operasi',
      '/pasien',
      '/notifikasi',
    ]);
    expect(staffItems(['ward'])).toEqual([]);
    expect(staffItems(['theatre'])).toEqual(['/jadwal-operasi']);
    expect(staffItems(['records'])).toEqual(['/pasien']);
  });
});
