import './lists.css';

/** A person in a list's row: the name, and under it what tells them apart (the medical record number). */
export function PersonCell({ name, note }: { name: string; note: string }) {
  return (
    <>
      <span className="list-person-name">{name}</span>
      <span className="list-person-note">{note}</span>
    </>
  );
}
