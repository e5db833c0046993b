import '../../i18n/zod';
import '../../components/forms.css';
import '../../components/lists.css';
import './OperatingSchedule.css';
import { type Operation, type OperationFilter, operationFilters } from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Tag, type TagProps } from 'primereact/tag';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoveOperation, useOperations, useReorderOperations } from '../../api/operations';
import { useSimrsLinked } from '../../api/system';
import { BoardLink } from '../../components/BoardLink';
import { actionCells, DeskTable, foldedColumns } from '../../components/DeskTable';
import { DeskToolbar } from '../../components/DeskToolbar';
import { FilterSelect } from '../../components/FilterSelect';
import { FormField } from '../../components/FormField';
import { PersonCell } from '../../components/PersonCell';
import { PrimeScope } from '../../components/PrimeScope';
import { RowButton } from '../../components/RowButton';
import { SimrsOwnedNote } from '../../components/SimrsOwnedNote';
import { ISO_DATE } from '../../components/useDeskFilter';
import { useConfirm } from '../../components/useConfirm';
import { useSuccessToast } from '../../components/useSuccessToast';
import { useUrlParam } from '../../components/useUrlParam';
import { formatClock, formatDayDate, hospitalDate } from '../../i18n/format';
import { CancelDialog } from './CancelDialog';
import { jadwalOperasiNs } from './i18n';
import { OperationDialog } from './OperationDialog';

const severity: Record<OperationFilter, TagProps['severity']> = {
  Menunggu: 'info',
  'Sedang Berlangsung': 'warning',
  Selesai: 'success',
  Batal: 'danger',
};

const isFilter = (value: string | null): value is OperationFilter =>
  operationFilters.some((filter) => filter === value);

const directions = ['up', 'down'] as const;
type Direction = (typeof directions)[number];

const buttonId = (baseId: string, id: number, direction: Direction) => `${baseId}-${direction}-${id}`;

/**
 * A day's operating list: add and change, put in order, start, finish, cancel. In linked mode the list is the
 * SIMRS's: operations are added, changed and ordered there, and started, finished and cancelled here (the
 * server writes those through).
 */
export default function OperatingSchedule() {
  const { t } = useTranslation([jadwalOperasiNs, 'translation']);
  const { toast, show } = useSuccessToast();
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  // The day and the filter are kept in the URL (?tanggal=&status=): a reload opens the same list.
  const [dateParam, setDate] = useUrlParam('tanggal', { replace: true });
  const [statusParam, setStatus] = useUrlParam('status', { replace: true });
  const today = hospitalDate(new Date());
  const date = dateParam !== null && ISO_DATE.test(dateParam) ? dateParam : today;
  const status = isFilter(statusParam) ? statusParam : null;
  const operations = useOperations(date, status);
  const list = operations.data ?? [];
  const reorder = useReorderOperations();
  const move = useMoveOperation();
  const [editing, setEditing] = useState<Operation | 'new' | null>(null);
  const [cancelling, setCancelling] = useState<Operation | null>(null);
  const moved = useRef<{ id: number; direction: Direction } | null>(null);
  const linked = useSimrsLinked();
  // The arrows show where the order is changed here, and all of the day is listed.
  const ordering = status === null && !linked;
  // The whole day must be on screen to be put in a new order.
  const canReorder = status === null && !operations.isPlaceholderData && !reorder.isPending;

  // After a move the focus stays on the moved operation, at its new place, for the next key press.
  useEffect(() => {
    const done = moved.current;
    if (!done || !canReorder) return;
    const wanted = document.getElementById(buttonId(baseId, done.id, done.direction));
    const other = document.getElementById(buttonId(baseId, done.id, done.direction === 'up' ? 'down' : 'up'));
    const target = wanted instanceof HTMLButtonElement && !wanted.disabled ? wanted : other;
    target?.focus();
    moved.current = null;
  }, [operations.data, canReorder, baseId]);

  const names = (operation: Operation) => ({ procedure: operation.procedure, name: operation.patient.name });

  const shift = (operation: Operation, direction: Direction) => {
    const ids = list.map((o) => o.id);
    const from = ids.indexOf(operation.id);
    const to = direction === 'up' ? from - 1 : from + 1;
    const other = ids[to];
    if (from < 0 || other === undefined) return;
    ids[to] = operation.id;
    ids[from] = other;
    reorder.mutate(
      { date, ids },
      {
        onSuccess: () => {
          moved.current = { id: operation.id, direction };
          show(t('done.moved'));
        },
      },
    );
  };

  // Started and finished are stamped for the theatre's record and never go back: asked first.
  const { ask, dialog } = useConfirm();
  const changeStatus = (operation: Operation, to: 'Sedang Berlangsung' | 'Selesai') => {
    const step = to === 'Selesai' ? 'finish' : 'start';
    ask({
      header: t(`confirm.${step}.header`),
      message: t(`confirm.${step}.message`, names(operation)),
      acceptLabel: t(`confirm.${step}.accept`),
      accept: () =>
        move.mutate(
          { id: operation.id, status: to },
          {
            onSuccess: () => show(t(to === 'Selesai' ? 'done.finished' : 'done.started', names(operation))),
          },
        ),
    });
  };

  const filterOf = (operation: Operation): OperationFilter =>
    operation.cancelled ? 'Batal' : operation.status;

  return (
    <PrimeScope>
      {toast}
      <section className="card" aria-labelledby={headingId}>
        <DeskToolbar className="operations-toolbar">
          <FormField id={`${baseId}-date`} label={t('toolbar.date')}>
            <input
              id={`${baseId}-date`}
              type="date"
              className="p-inputtext p-component"
              value={date}
              onChange={(event) => setDate(event.target.value)}
            />
          </FormField>
          <FilterSelect
            label={t('toolbar.status')}
            allLabel={t('toolbar.allStatuses')}
            value={status}
            options={operationFilters.map((filter) => ({ value: filter, label: t(`statuses.${filter}`) }))}
            onChange={setStatus}
          />
          {!linked && (
            <Button
              type="button"
              className="operations-add"
              icon="pi pi-plus"
              label={t('toolbar.add')}
              onClick={() => setEditing('new')}
            />
          )}
          <BoardLink href="/papan-operasi" label={t('toolbar.board')} hint={t('toolbar.boardHint')} />
        </DeskToolbar>
        {linked && <SimrsOwnedNote what={t('simrsOwned')} />}
        <div className="operations-head">
          <h2 id={headingId}>{t('list.title', { date: formatDayDate(date) })}</h2>
          {operations.data && (
            <p className="operations-count" aria-live="polite">
              {t('list.count', { count: list.length })}
            </p>
          )}
        </div>
        {status !== null && !linked && <p className="form-help">{t('list.reorderHint')}</p>}
        <DeskTable
          labelledBy={headingId}
          query={operations}
          emptyMessage={t(status ? 'list.emptyFiltered' : 'list.empty')}
          rowClassName={(operation: Operation) => ({ 'operation-cancelled': operation.cancelled })}
        >
          <Column field="queueOrder" header={t('list.columns.order')} />
          {foldedColumns(
            {
              header: t('list.columns.plannedStart'),
              body: (operation: Operation) =>
                operation.plannedStart ? formatClock(operation.plannedStart) : t('list.none'),
            },
            { header: t('list.columns.theatre'), body: (operation: Operation) => operation.theatre },
          )}
          <Column
            header={t('list.columns.patient')}
            body={(operation: Operation) => (
              <PersonCell
                name={operation.patient.name}
                note={t('list.mrn', { mrn: operation.patient.mrn })}
              />
            )}
          />
          <Column field="procedure" header={t('list.columns.procedure')} />
          <Column
            header={t('list.columns.surgeon')}
            body={(operation: Operation) => operation.surgeon?.name ?? t('list.none')}
          />
          <Column
            header={t('list.columns.status')}
            body={(operation: Operation) => (
              <>
                <Tag severity={severity[filterOf(operation)]} value={t(`statuses.${filterOf(operation)}`)} />
                {operation.cancelReason && (
                  <span className="operation-reason">
                    {t('list.cancelReason', { reason: operation.cancelReason })}
                  </span>
                )}
              </>
            )}
          />
          <Column
            header={t('list.columns.actions')}
            {...actionCells}
            body={(operation: Operation) => {
              const index = list.indexOf(operation);
              const waiting = !operation.cancelled && operation.status === 'Menunggu';
              return (
                <>
                  {ordering &&
                    directions.map((direction) => (
                      <RowButton
                        key={direction}
                        id={buttonId(baseId, operation.id, direction)}
                        outlined={false}
                        text
                        icon={`pi pi-arrow-${direction}`}
                        aria-label={t(`list.${direction}`, names(operation))}
                        disabled={!canReorder || index === (direction === 'up' ? 0 : list.length - 1)}
                        onClick={() => shift(operation, direction)}
                      />
                    ))}
                  {waiting && !linked && (
                    <RowButton
                      icon="pi pi-pencil"
                      label={t('list.edit')}
                      aria-label={t('list.editLabel', names(operation))}
                      onClick={() => setEditing(operation)}
                    />
                  )}
                  {waiting && (
                    <RowButton
                      outlined={false}
                      icon="pi pi-play"
                      label={t('list.start')}
                      aria-label={t('list.startLabel', names(operation))}
                      disabled={move.isPending}
                      onClick={() => changeStatus(operation, 'Sedang Berlangsung')}
                    />
                  )}
                  {!operation.cancelled && operation.status === 'Sedang Berlangsung' && (
                    <RowButton
                      outlined={false}
                      severity="success"
                      icon="pi pi-check"
                      label={t('list.finish')}
                      aria-label={t('list.finishLabel', names(operation))}
                      disabled={move.isPending}
                      onClick={() => changeStatus(operation, 'Selesai')}
                    />
                  )}
                  {!operation.cancelled && operation.status !== 'Selesai' && (
                    <RowButton
                      severity="danger"
                      icon="pi pi-times"
                      label={t('list.cancel')}
                      aria-label={t('list.cancelLabel', names(operation))}
                      onClick={() => setCancelling(operation)}
                    />
                  )}
                </>
              );
            }}
          />
        </DeskTable>
      </section>
      {editing && (
        <OperationDialog
          operation={editing === 'new' ? null : editing}
          date={date < today ? today : date}
          onClose={() => setEditing(null)}
          onSaved={(saved, added) => {
            setEditing(null);
            show(
              added
                ? t('done.added', { ...names(saved), order: saved.queueOrder })
                : t('done.saved', names(saved)),
            );
            // A saved operation on another day is shown where it now is.
            if (saved.date !== date) setDate(saved.date);
          }}
        />
      )}
      {dialog}
      {cancelling && (
        <CancelDialog
          operation={cancelling}
          onClose={() => setCancelling(null)}
          onCancelled={(operation) => {
            setCancelling(null);
            show(t('done.cancelled', names(operation)));
          }}
        />
      )}
    </PrimeScope>
  );
}
