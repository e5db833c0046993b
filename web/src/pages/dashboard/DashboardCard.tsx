import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One card of the dashboard (`dashboard-<name>`), named by its heading, with a link on to the whole screen. */
export function DashboardCard({
  name,
  title,
  more,
  children,
}: {
  name: string;
  title: string;
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  const headingId = `dashboard-${name}`;
  return (
    <section className={`card ${headingId}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
      {more && (
        <Link to={more.to} className="dashboard-more">
          {more.label}
          <i className="pi pi-arrow-right" aria-hidden="true" />
        </Link>
      )}
    </section>
  );
}
