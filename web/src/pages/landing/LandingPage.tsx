import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicServices } from '../../components/menu';
import { PageTitle } from '../../components/PageTitle';
import { landingNs } from './i18n';

export default function LandingPage() {
  const { t } = useTranslation(['translation', landingNs]);
  const publicServices = usePublicServices();
  return (
    <main className="standalone-page">
      <div className="standalone-card landing">
        <img src="/logo.svg" alt="" width="64" height="64" />
        <PageTitle>{t('landing:title', { name: t('app.hospitalName') })}</PageTitle>
        <p>{t('landing:intro')}</p>
        <ul className="landing-services">
          {publicServices.map((service) => (
            <li key={service.to}>
              <Link to={service.to}>
                <i className={`pi ${service.icon}`} aria-hidden="true" />
                <span>{t(`menu.${service.label}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
        <Link to="/" className="standalone-action">
          {t('landing:enter')}
        </Link>
      </div>
    </main>
  );
}
