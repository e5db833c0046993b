import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { AppLayout } from '../layout/AppLayout';

// Each screen is its own chunk, so the first view of any page loads only that page's code.
function page(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return <Page />;
}

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: page(() => import('../pages/dashboard/DashboardPage')) },
          {
            path: 'tarifambulance',
            element: page(() => import('../pages/tarifambulance/TarifAmbulancePage')),
          },
          { path: 'ambulance', element: page(() => import('../pages/ambulance/AmbulancePage')) },
          { path: 'ambulance/lacak', element: page(() => import('../pages/ambulance/LacakPage')) },
          { path: 'jenazah', element: page(() => import('../pages/jenazah/JenazahPage')) },
          { path: 'jenazah/lacak', element: page(() => import('../pages/ambulance/LacakPage')) },
          { path: 'registrasi', element: page(() => import('../pages/registrasi/RegistrasiPage')) },
          {
            path: 'registrasi/lacak',
            element: page(() => import('../pages/registrasi/LacakRegistrasiPage')),
          },
          { path: 'tempattidur', element: page(() => import('../pages/tempattidur/TempatTidurPage')) },
          {
            path: 'tarifpelayanan',
            element: page(() => import('../pages/tarifpelayanan/TarifPelayananPage')),
          },
          { path: 'pengaduan', element: page(() => import('../pages/pengaduan/PengaduanPage')) },
          {
            path: 'pengaduan/lacak',
            element: page(() => import('../pages/pengaduan/LacakPengaduanPage')),
          },
          { path: 'pegawai', element: page(() => import('../pages/pegawai/PegawaiPage')) },
          { path: 'absensi', element: page(() => import('../pages/absensi/AbsensiPage')) },
          { path: 'piket', element: page(() => import('../pages/piket/PiketPage')) },
          { path: 'bangsal', element: page(() => import('../pages/bangsal/BangsalPage')) },
          { path: 'meja-pesanan', element: page(() => import('../pages/mejapesanan/MejaPesananPage')) },
          {
            path: 'meja-pengaduan',
            element: page(() => import('../pages/mejapengaduan/MejaPengaduanPage')),
          },
          { path: 'notifikasi', element: page(() => import('../pages/notifikasi/NotifikasiPage')) },
          { path: 'antrean', element: page(() => import('../pages/antrean/AntreanPage')) },
          { path: 'jadwal-poli', element: page(() => import('../pages/jadwalpoli/JadwalPoliPage')) },
          { path: 'pasien', element: page(() => import('../pages/pasien/PasienPage')) },
          { path: 'pasien/:id', element: page(() => import('../pages/pasien/PasienDetailPage')) },
          {
            path: 'jadwal-operasi',
            element: page(() => import('../pages/jadwaloperasi/JadwalOperasiPage')),
          },
        ],
      },
      { path: 'auth', element: page(() => import('../pages/auth/AuthPage')) },
      { path: 'landing', element: page(() => import('../pages/landing/LandingPage')) },
      // The waiting room's TV screens: the board alone, without the portal's bars and menu.
      { path: 'papan-antrean', element: page(() => import('../pages/papanantrean/PapanAntreanPage')) },
      { path: 'notfound', element: page(() => import('../pages/notfound/NotFoundPage')) },
      { path: '*', element: <Navigate to="/notfound" replace /> },
    ],
  },
];
