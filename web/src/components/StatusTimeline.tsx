import './StatusTimeline.css';
import { HospitalTime } from './HospitalTime';

export interface TimelineEntry {
  key: string | number;
  /** When it happened (ISO). */
  at: string;
  /** What happened, e.g. the status it moved to. */
  title?: string;
  /** Who did it, as a phrase ("oleh Sari"). */
  by?: string;
  /** A note or a message, kept with its line breaks. */
  text?: string | null;
}

/** The history of an order or a complaint, oldest first: what happened, when (the hospital's clock), by whom, with its note. */
export function StatusTimeline({
  entries,
  emptyText,
}: {
  entries: readonly TimelineEntry[];
  emptyText?: string;
}) {
  if (entries.length === 0 && emptyText) return <p>{emptyText}</p>;
  return (
    <ol className="status-timeline">
      {entries.map((entry) => (
        <li key={entry.key}>
          {entry.title && <strong>{entry.title} </strong>}
          <HospitalTime iso={entry.at} />
          {entry.by && ` ${entry.by}`}
          {entry.text && <div className="status-timeline-text">{entry.text}</div>}
        </li>
      ))}
    </ol>
  );
}
