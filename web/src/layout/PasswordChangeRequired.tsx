import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/PageTitle';
import { PrimeScope } from '../components/PrimeScope';
import { ownPasswordNs } from '../i18n/ownPassword';
import ChangePasswordDialog from './ChangePasswordDialog';

/**
 * Shown instead of any page to a staff member who must choose their own password (one an admin set for
 * them, or a weak legacy one): the server refuses them everything else until they set a new one. Once set, the page they were
 * going to opens in its place.
 */
export default function PasswordChangeRequired() {
  const { t } = useTranslation(ownPasswordNs);
  const [open, setOpen] = useState(true);
  return (
    <PrimeScope>
      <PageTitle>{t('required.title')}</PageTitle>
      <div className="card">
        <Message className="form-message" severity="warn" text={t('required.text')} />
        <p className="form-help">{t('required.handover')}</p>
        <Button
          type="button"
          icon="pi pi-key"
          label={t('required.open')}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        />
      </div>
      <ChangePasswordDialog open={open} onClose={() => setOpen(false)} />
    </PrimeScope>
  );
}
