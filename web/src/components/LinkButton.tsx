import { Link } from 'react-router';

/**
 * A link to another screen drawn as the theme's button ("Pasien Baru", "Lihat status"): it opens a page, as a
 * link does (a new tab on a middle click), where a button would act on this one. Not underlined (layout.css).
 */
export function LinkButton({
  to,
  label,
  icon,
  outlined = false,
}: {
  to: string;
  label: string;
  /** PrimeIcons classes ("pi pi-user-plus"), before the label. */
  icon?: string;
  outlined?: boolean;
}) {
  return (
    <Link className={`p-button p-component${outlined ? ' p-button-outlined' : ''}`} to={to}>
      {icon && <i className={`${icon} p-button-icon p-button-icon-left`} aria-hidden="true" />}
      <span className="p-button-label">{label}</span>
    </Link>
  );
}
