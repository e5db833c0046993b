import './print.css';
import './SepSheet.css';
import type { Sep } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../i18n/format';
import { sepNs } from '../i18n/sep';

// No PrimeReact here: the lobby kiosk prints the SEP too.

/**
 * The SEP on paper, in BPJS's usual half-page layout (A5 landscape, half an A4 sheet): the participant and
 * the visit on the left, the class and guarantor on the right, the patient's consent and signature below.
 * Printed by the browser (`@page sep`), whatever page shows it.
 */
export function SepSheet({ sep }: { sep: Sep }) {
  const { t } = useTranslation();
  const { t: p } = useTranslation(sepNs, { keyPrefix: 'print' });
  const { t: accidents } = useTranslation(sepNs, { keyPrefix: 'accidents' });
  const { basis, input } = sep;
  const left: [string, string][] = [
    [p('number'), sep.number],
    [p('date'), formatDate(sep.date)],
    [p('card'), `${basis.cardNo} (MR. ${basis.mrn})`],
    [p('name'), basis.name],
    [p('birthDate'), `${basis.birthDate ? formatDate(basis.birthDate) : '—'} · ${p(`sex.${basis.sex}`)}`],
    [p('phone'), input.phone],
    [p('clinic'), basis.clinic.name],
    [p('doctor'), basis.doctor.name],
    [p('referrer'), basis.referral.referrer.name || basis.referral.referrer.code],
    [p('diagnosis'), sep.diagnosis],
    [p('note'), input.note || '—'],
  ];
  const right: [string, string][] = [
    [p('participant'), basis.participantType || '—'],
    [p('careType'), p('outpatient')],
    [p('visit'), basis.controlLetter ? p('visits.control') : p('visits.referral')],
    [p('referral'), basis.referral.number],
    ...(basis.controlLetter
      ? ([[p('controlLetter'), basis.controlLetter.number]] as [string, string][])
      : []),
    [p('careClass'), basis.careClass.name],
    [p('guarantor'), input.accident ? accidents(input.accident.kind) : input.cob ? p('cob') : '—'],
  ];
  const rows = (list: [string, string][]) =>
    list.map(([label, value]) => (
      <div key={label}>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </div>
    ));
  return (
    <article className="sep-print print-alone" aria-label={p('title', { number: sep.number })}>
      <header>
        <p className="sep-print-bpjs">BPJS Kesehatan</p>
        <h2>{p('heading')}</h2>
        <p>{t('app.hospitalName')}</p>
      </header>
      <div className="sep-print-columns">
        <dl>{rows(left)}</dl>
        <dl>{rows(right)}</dl>
      </div>
      <footer>
        <div className="sep-print-consent">
          <p>{p('consent')}</p>
          <p>{p('notGuarantee')}</p>
          <p>{p('printedAt', { at: formatDateTime(new Date().toISOString()), by: sep.issuedBy })}</p>
        </div>
        <div className="sep-print-sign">
          <p>{p('signature')}</p>
          <p className="sep-print-sign-line">{basis.name}</p>
        </div>
      </footer>
    </article>
  );
}
