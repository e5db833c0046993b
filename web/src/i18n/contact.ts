import { addNamespace } from '.';

/** Who is on duty and how to reach them: the settings sidebar's duty cards and the dashboard. */
export const contact = {
  roles: { piket: 'Petugas Piket', cs: 'Customer Service' },
  none: 'Belum ada petugas',
  call: 'Telepon {{name}}, {{phone}}',
  whatsapp: 'WhatsApp',
  whatsappLabel: 'Kirim WhatsApp ke {{name}}',
} as const;

export const contactNs = addNamespace('contact', contact);

declare module '.' {
  interface Resources {
    contact: typeof contact;
  }
}
