import './BoardLink.css';

/**
 * A board in a new tab, as a TV set in a waiting room shows it (the queue board or a part of it, the operating
 * board), with `hint` saying so. Not on paper.
 */
export function BoardLink({ href, label, hint }: { href: string; label: string; hint: string }) {
  return (
    <a className="board-link print-omit" href={href} target="_blank" rel="noopener noreferrer">
      <i className="pi pi-external-link" aria-hidden="true" /> {label}{' '}
      <span className="form-help">{hint}</span>
    </a>
  );
}
