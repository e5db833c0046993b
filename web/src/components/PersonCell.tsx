import './lists.css';
import { Link } from 'react-router';

/**
 * A person in a list's row: the name, and under it what tells them apart (the medical record number); the
 * name links to `to`, the person's page, where there is one.
 */
export function PersonCell({ name, note, to }: { name: string; note: string; to?: string }) {
  return (
    <>
      {to ? (
        <Link to={to} className="list-person-name">
          {name}
        </Link>
      ) : (
        <span className="list-person-name">{name}</span>
      )}
      <span className="list-person-note">{note}</span>
    </>
  );
}
