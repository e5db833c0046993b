export type StaffRole = 'admin' | 'piket' | 'cs' | 'ward' | 'orders' | 'complaints' | 'queue';

// Phones are unique here: they are how a rerun recognises that the demo staff exist.
export const demoStaff: { name: string; phone: string; roles: StaffRole[] }[] = [
  { name: 'Andi Syahrir Mappaseng', phone: '081241550101', roles: ['admin'] },
  { name: 'Muhammad Fajar Ramadhan, S.Kom.', phone: '085255120233', roles: ['admin', 'queue'] },
  { name: 'Ns. Rahmawati Hamid, S.Kep.', phone: '081342778904', roles: ['piket', 'ward'] },
  { name: 'Sertu Muhammad Ridwan', phone: '082188430215', roles: ['piket', 'orders'] },
  { name: 'Ns. Hendra Saputra, S.Kep.', phone: '081355902146', roles: ['piket', 'ward'] },
  { name: 'Serda Ilham Pratama', phone: '085342116078', roles: ['piket', 'orders'] },
  { name: 'Nurul Hikmah, S.Sos.', phone: '081243667312', roles: ['cs', 'complaints'] },
  { name: 'Dewi Lestari Amir', phone: '082293014587', roles: ['cs', 'queue'] },
  { name: 'Fitriani Syam, A.Md.', phone: '085398220641', roles: ['cs', 'complaints'] },
  { name: 'Rini Handayani', phone: '081354409826', roles: ['cs', 'queue'] },
  { name: 'Agus Salim Daeng Nai', phone: '081199305517', roles: ['queue'] },
  { name: 'Sri Wahyuni, S.Kep.', phone: '087841206693', roles: ['ward'] },
];
