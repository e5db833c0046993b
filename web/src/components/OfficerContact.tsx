import './OfficerContact.css';
import type { Officer } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { contactNs } from '../i18n/contact';

/** wa.me wants the international form (62…) of the national 08… numbers the API gives. */
export function whatsappUrl(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('08') ? `https://wa.me/62${digits.slice(1)}` : null;
}

/** An officer's name with a call link and, for mobile numbers, a WhatsApp link. */
export function OfficerContact({ officer }: { officer: Officer }) {
  const { t } = useTranslation(contactNs);
  const whatsapp = whatsappUrl(officer.phone);
  return (
    <>
      <p className="officer-name">{officer.name}</p>
      <p className="officer-contact">
        <a href={`tel:${officer.phone}`} aria-label={t('call', { name: officer.name, phone: officer.phone })}>
          <i className="pi pi-phone" aria-hidden="true" />
          {officer.phone}
        </a>
        {whatsapp && (
          <a
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('whatsappLabel', { name: officer.name })}
          >
            <i className="pi pi-whatsapp" aria-hidden="true" />
            {t('whatsapp')}
          </a>
        )}
      </p>
    </>
  );
}
