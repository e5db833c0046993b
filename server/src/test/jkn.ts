import { ok, type TestApp } from './app.js';
import { loginAsNew } from './factories.js';

/** BPJS's Mobile JKN user, as an admin sets it on the credentials screen. */
export const bpjsUser = { username: 'bpjs.mobilejkn', password: 'lumbung-padi-senja-2026' };

/** Where the new patients of `pasienbaru` live, in BPJS's region codes. */
export const bogorRegion = {
  kodeprop: '32',
  namaprop: 'JAWA BARAT',
  kodedati2: '0188',
  namadati2: 'KOTA BOGOR',
  kodekec: '2301',
  namakec: 'BOGOR TENGAH',
  kodekel: 'D2105',
  namakel: 'PALEDANG',
  rw: '003',
  rt: '007',
};

/** A `pasienbaru` of BPJS's for the person with NIK `nik` and JKN card `card`, living in `bogorRegion`. */
export const newJknPatient = (nik: string, card: string) => ({
  nomorkartu: card,
  nik,
  nomorkk: '3271010101010001',
  nama: 'Dewi Lestari',
  jeniskelamin: 'P',
  tanggallahir: '1991-03-15',
  nohp: '081298765433',
  alamat: 'Jl. Pajajaran No. 2',
  ...bogorRegion,
});

/**
 * Mobile JKN calling `app` as BPJS does, in process: an admin sets `bpjsUser`, BPJS trades it for a token
 * and sends it with each call. Answers the calls' function.
 */
export async function mobileJknCaller(app: TestApp) {
  const admin = await loginAsNew(app, { roles: ['admin'] });
  ok(
    await app.app.inject({
      method: 'PUT',
      url: '/api/admin/jkn-credentials',
      headers: admin.headers,
      payload: bpjsUser,
    }),
  );
  const issued = ok<{ response: { token: string } }>(
    await app.app.inject({
      url: '/api/jkn/token',
      headers: { 'x-username': bpjsUser.username, 'x-password': bpjsUser.password },
    }),
  );
  const headers = { 'x-username': bpjsUser.username, 'x-token': issued.response.token };
  return (service: string, payload: object) =>
    app.app.inject({ method: 'POST', url: `/api/jkn/${service}`, headers, payload });
}
