import type { StaffRole } from '@portal/contract';

// Phones and usernames are unique: a rerun recognises the demo staff by them.
// Demo logins only: each password is `rahasia-<username>` (README.md lists them).
export const demoStaff: { name: string; phone: string; username: string; roles: StaffRole[] }[] = [
  { name: 'Andi Syahrir Mappaseng', phone: '081241550101', username: 'andi', roles: ['admin'] },
  {
    name: 'Muhammad Fajar Ramadhan, S.Kom.',
    phone: '085255120233',
    username: 'fajar',
    roles: ['admin', 'registration'],
  },
  {
    name: 'Ns. Rahmawati Hamid, S.Kep.',
    phone: '081342778904',
    username: 'rahmawati',
    roles: ['piket', 'ward'],
  },
  { name: 'Sertu Muhammad Ridwan', phone: '082188430215', username: 'ridwan', roles: ['piket', 'orders'] },
  { name: 'Ns. Hendra Saputra, S.Kep.', phone: '081355902146', username: 'hendra', roles: ['piket', 'ward'] },
  { name: 'Serda Ilham Pratama', phone: '085342116078', username: 'ilham', roles: ['piket', 'orders'] },
  { name: 'Nurul Hikmah, S.Sos.', phone: '081243667312', username: 'nurul', roles: ['cs', 'complaints'] },
  { name: 'Dewi Lestari Amir', phone: '082293014587', username: 'dewi', roles: ['cs', 'registration'] },
  { name: 'Fitriani Syam, A.Md.', phone: '085398220641', username: 'fitriani', roles: ['cs', 'complaints'] },
  { name: 'Rini Handayani', phone: '081354409826', username: 'rini', roles: ['cs', 'registration'] },
  { name: 'Agus Salim Daeng Nai', phone: '081199305517', username: 'agus', roles: ['registration'] },
  { name: 'Sri Wahyuni, S.Kep.', phone: '087841206693', username: 'sri', roles: ['ward'] },
  { name: 'Ns. Nurfadilah Rasyid, S.Kep.', phone: '081343925180', username: 'fadilah', roles: ['theatre'] },
  { name: 'Rosmiati Latif, A.Md.RMIK', phone: '085255718204', username: 'rosmiati', roles: ['records'] },
];

export const demoPassword = (username: string) => `rahasia-${username}`;

/**
 * The duty roster's turns, a shift each, from the shift under way when the demo is loaded; the first of
 * each holds the post then, at work since that shift began.
 */
export const demoRosterTurns = {
  piket: ['hendra', 'ridwan', 'ilham', 'rahmawati'],
  cs: ['nurul', 'dewi', 'fitriani', 'rini'],
} as const;

/** Who holds each post when the demo starts. */
export const demoDutyPosts = { piket: demoRosterTurns.piket[0], cs: demoRosterTurns.cs[0] } as const;
