import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * On a status page, once the visit, order or complaint is done: the way to its satisfaction survey while it
 * waits for its answers (`token`, the status answer's `survey`); nothing otherwise.
 */
export function SurveyLink({ token }: { token: string | null }) {
  const { t } = useTranslation();
  if (!token) return null;
  return (
    <Message
      className="form-message"
      severity="info"
      content={
        <p className="survey-link">
          {t('surveyLink.text')}{' '}
          <Link to={`/survei/${token}`}>
            <i className="pi pi-star" aria-hidden="true" /> {t('surveyLink.link')}
          </Link>
        </p>
      }
    />
  );
}
