import 'i18next';
import type { absensi } from '../pages/absensi/i18n';
import type { antrean } from '../pages/antrean/i18n';
import type { auth } from '../pages/auth/i18n';
import type { bangsal } from '../pages/bangsal/i18n';
import type { dashboard } from '../pages/dashboard/i18n';
import type { jadwalOperasi } from '../pages/jadwaloperasi/i18n';
import type { jadwalPoli } from '../pages/jadwalpoli/i18n';
import type { landing } from '../pages/landing/i18n';
import type { mejaPengaduan } from '../pages/mejapengaduan/i18n';
import type { mejaPesanan } from '../pages/mejapesanan/i18n';
import type { notFound } from '../pages/notfound/i18n';
import type { notifikasi } from '../pages/notifikasi/i18n';
import type { papanAntrean } from '../pages/papanantrean/i18n';
import type { pasien } from '../pages/pasien/i18n';
import type { pegawai } from '../pages/pegawai/i18n';
import type { piket } from '../pages/piket/i18n';
import type { registrasi } from '../pages/registrasi/i18n';
import type { tarifAmbulance } from '../pages/tarifambulance/i18n';
import type { tarifPelayanan } from '../pages/tarifpelayanan/i18n';
import type { tempatTidur } from '../pages/tempattidur/i18n';
import type { beds } from './beds';
import type { complaints } from './complaints';
import type { contact } from './contact';
import type { duty } from './duty';
import type { id } from './id';
import type { orders } from './orders';
import type { ownPassword } from './ownPassword';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // Only `translation` is bundled with the shell; the others are added by the chunks that use them.
    resources: {
      translation: typeof id;
      beds: typeof beds;
      complaints: typeof complaints;
      contact: typeof contact;
      orders: typeof orders;
      duty: typeof duty;
      ownPassword: typeof ownPassword;
      absensi: typeof absensi;
      antrean: typeof antrean;
      auth: typeof auth;
      bangsal: typeof bangsal;
      dashboard: typeof dashboard;
      jadwalOperasi: typeof jadwalOperasi;
      jadwalPoli: typeof jadwalPoli;
      landing: typeof landing;
      mejaPengaduan: typeof mejaPengaduan;
      mejaPesanan: typeof mejaPesanan;
      notFound: typeof notFound;
      notifikasi: typeof notifikasi;
      papanAntrean: typeof papanAntrean;
      pasien: typeof pasien;
      pegawai: typeof pegawai;
      piket: typeof piket;
      registrasi: typeof registrasi;
      tarifAmbulance: typeof tarifAmbulance;
      tarifPelayanan: typeof tarifPelayanan;
      tempatTidur: typeof tempatTidur;
    };
  }
}
