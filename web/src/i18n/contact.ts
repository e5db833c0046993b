import { addNamespace, type English } from '.';

/** Who is on duty and how to reach them: the settings sidebar's duty cards and the dashboard. */
export const contact = {
  roles: { piket: 'Petugas Piket', cs: 'Customer Service' },
  none: 'Belum ada petugas',
  call: 'Telepon {{name}}, {{phone}}',
  whatsapp: 'WhatsApp',
  whatsappLabel: 'Kirim WhatsApp ke {{name}}',
} as const;

export const contactEn: English<typeof contact> = {
  roles: { piket: 'On-Duty Officer', cs: 'Customer Service' },
  none: 'No officer yet',
  call: 'Call {{name}}, {{phone}}',
  whatsapp: 'WhatsApp',
  whatsappLabel: 'Send a WhatsApp message to {{name}}',
};

export const contactNs = addNamespace('contact', contact, contactEn);

declare module '.' {
  interface Resources {
    contact: typeof contact;
  }
}
