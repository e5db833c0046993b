import '../../components/lists.css';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSimrsLinked } from '../../api/system';
import { actionsColumn, DeskTable } from '../../components/DeskTable';
import { SimrsOwnedNote } from '../../components/SimrsOwnedNote';
import i18n from '../../i18n';
import { jadwalPoliNs } from './i18n';

// What the reference lists share besides their DeskTable: a heading with its add button, an "active" tag
// column and an edit button column; ReferenceList puts them around the DeskTable of a list of named rows.
// Each tab keeps its own columns and dialog.

/** The list's heading, with the add button beside it when adding is offered. */
export function ReferenceHead({
  headingId,
  title,
  addLabel,
  onAdd,
}: {
  headingId: string;
  title: string;
  addLabel: string;
  /** Leave out to offer no add button. */
  onAdd?: () => void;
}) {
  return (
    <div className="list-head">
      <h2 id={headingId}>{title}</h2>
      {onAdd && <Button type="button" icon="pi pi-plus" label={addLabel} onClick={onAdd} />}
    </div>
  );
}

function ActiveTag({ active }: { active: boolean }) {
  const { t } = useTranslation(jadwalPoliNs);
  return active ? (
    <Tag severity="success" value={t('active')} />
  ) : (
    <Tag severity="secondary" value={t('inactive')} />
  );
}

// DeskTable reads its columns' props, so these give Column elements rather than wrap them in components.

/** The column telling whether a row is active. */
export function activeColumn(header: string) {
  return <Column header={header} body={(row: { active: boolean }) => <ActiveTag active={row.active} />} />;
}

/** The column of edit buttons, each named for its row by `editLabel`. */
export function editColumn<T>(header: string, editLabel: (row: T) => string, onEdit: (row: T) => void) {
  return actionsColumn(header, (row: T) => [
    {
      icon: 'pi pi-pencil',
      label: i18n.t('jadwalPoli:edit'),
      'aria-label': editLabel(row),
      onClick: () => onEdit(row),
    },
  ]);
}

/**
 * Which row the dialog is open for: none, a new one ('new'), or the row being changed. `done` closes the
 * dialog and tells `onDone` what was saved.
 */
export function useEditing<T extends { id: number }>(onDone: (message: string) => void) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return {
    open: editing !== null,
    /** A fresh dialog (and form) for each row and for a new one. */
    key: editing === 'new' || editing === null ? 'new' : editing.id,
    /** The row being changed; null when adding one. */
    row: editing === 'new' ? null : editing,
    add: () => setEditing('new'),
    edit: (row: T) => setEditing(row),
    close: () => setEditing(null),
    done: (message: string) => {
      setEditing(null);
      onDone(message);
    },
  };
}

/**
 * A whole reference list of named rows that are added and changed in a dialog: its heading with the add
 * button, its own columns, then whether each row is active and its edit button. The texts are the list's
 * (`clinics.title`, `clinics.columns.actions`, `clinics.editLabel`, …). In linked mode the rows are the
 * SIMRS's: no add or edit button, and a note where they are changed.
 */
export function ReferenceList<T extends { id: number; name: string; active: boolean }>({
  list,
  query,
  editing,
  pageSize,
  children,
}: {
  list: 'clinics' | 'doctors';
  query: UseQueryResult<T[]>;
  editing: ReturnType<typeof useEditing<T>>;
  pageSize?: number;
  /** The list's own columns. */
  children: ReactNode;
}) {
  const { t } = useTranslation(jadwalPoliNs);
  const headingId = useId();
  const linked = useSimrsLinked();
  return (
    <section aria-labelledby={headingId}>
      <ReferenceHead
        headingId={headingId}
        title={t(`${list}.title`)}
        addLabel={t(`${list}.add`)}
        onAdd={linked ? undefined : editing.add}
      />
      {linked && <SimrsOwnedNote what={t(`simrsOwned.${list}`)} />}
      <DeskTable labelledBy={headingId} query={query} emptyMessage={t(`${list}.empty`)} pageSize={pageSize}>
        {children}
        {activeColumn(t(`${list}.columns.active`))}
        {!linked &&
          editColumn(
            t(`${list}.columns.actions`),
            (row: T) => t(`${list}.editLabel`, { name: row.name }),
            editing.edit,
          )}
      </DeskTable>
    </section>
  );
}
