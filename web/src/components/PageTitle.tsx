import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The page's heading, also shown in the browser tab with the hospital's name. */
export function PageTitle({ children }: { children: string }) {
  const { t } = useTranslation();
  const hospitalName = t('app.hospitalName');

  useEffect(() => {
    document.title = `${children}${t('app.titleSeparator')}${hospitalName}`;
  }, [children, hospitalName, t]);

  return <h1>{children}</h1>;
}
