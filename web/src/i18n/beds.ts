import type { bedClasses } from '@portal/contract/constants';
import { useTranslation } from 'react-i18next';
import { addNamespace, type English } from '.';

type BedClass = (typeof bedClasses)[number];

/** Bed availability: the bed page, the dashboard and the ward desk. */
export const beds = {
  /** The BPJS class codes, as people say them. */
  classes: {
    VVP: 'VVIP',
    VIP: 'VIP',
    UTM: 'Utama',
    KL1: 'Kelas I',
    KL2: 'Kelas II',
    KL3: 'Kelas III',
    ICU: 'ICU',
    ICC: 'ICCU',
    NIC: 'NICU',
    PIC: 'PICU',
    IGD: 'IGD',
    UGD: 'UGD',
    SAL: 'Bersalin',
    HCU: 'HCU',
    ISO: 'Isolasi',
  } satisfies Record<BedClass, string>,
  room: 'Ruangan',
  class: 'Kelas',
  capacity: 'Kapasitas',
  occupied: 'Terisi',
  available: 'Tersedia',
  notes: 'Keterangan',
  sexOnly: { L: 'Khusus laki-laki', P: 'Khusus perempuan' },
  full: 'Penuh',
  freeOf: '{{available}} dari {{capacity}} kosong',
} as const;

export const bedsEn: English<typeof beds> = {
  classes: {
    VVP: 'VVIP',
    VIP: 'VIP',
    UTM: 'Utama (premium)',
    KL1: 'Class I',
    KL2: 'Class II',
    KL3: 'Class III',
    ICU: 'ICU',
    ICC: 'ICCU',
    NIC: 'NICU',
    PIC: 'PICU',
    IGD: 'IGD (emergency)',
    UGD: 'UGD (emergency)',
    SAL: 'Maternity',
    HCU: 'HCU',
    ISO: 'Isolation',
  },
  room: 'Room',
  class: 'Class',
  capacity: 'Capacity',
  occupied: 'Occupied',
  available: 'Available',
  notes: 'Notes',
  sexOnly: { L: 'Men only', P: 'Women only' },
  full: 'Full',
  freeOf: '{{available}} of {{capacity}} free',
};

export const bedsNs = addNamespace('beds', beds, bedsEn);

/** The name of a class code; a code the portal does not know yet shows as it is. */
export function useBedClassLabel(): (code: string) => string {
  const { t } = useTranslation(bedsNs);
  return (code) => (code in beds.classes ? t(`classes.${code as BedClass}`) : code);
}

declare module '.' {
  interface Resources {
    beds: typeof beds;
  }
}
