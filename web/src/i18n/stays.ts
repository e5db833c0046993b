import type { DischargeReason } from '@portal/contract/constants';
import { addNamespace, type English } from '.';

/** Words of an inpatient stay shared by the ward desk and the patient's inpatient history. */
export const stays = {
  dischargeReasons: {
    recovered: 'Sembuh/Pulang atas persetujuan dokter',
    own_request: 'Pulang atas permintaan sendiri (APS)',
    referred: 'Dirujuk',
    died: 'Meninggal',
    other: 'Lainnya',
  } satisfies Record<DischargeReason, string>,
} as const;

export const staysEn: English<typeof stays> = {
  dischargeReasons: {
    recovered: 'Recovered / discharged with the doctor’s approval',
    own_request: 'Left at own request (APS)',
    referred: 'Referred',
    died: 'Died',
    other: 'Other',
  },
};

export const staysNs = addNamespace('stays', stays, staysEn);

declare module '.' {
  interface Resources {
    stays: typeof stays;
  }
}
