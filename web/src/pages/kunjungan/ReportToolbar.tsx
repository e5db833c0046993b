import { zodResolver } from '@hookform/resolvers/zod';
import { calendarDateSchema, reportRangeProblem } from '@portal/contract';
import { Button } from 'primereact/button';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DeskToolbar } from '../../components/DeskToolbar';
import { FormField } from '../../components/FormField';
import { described, inputClass } from '../../components/formControls';
import { kunjunganNs } from './i18n';

const rangeFormSchema = z
  .object({ from: calendarDateSchema, to: calendarDateSchema })
  .superRefine((range, ctx) => {
    const problem = reportRangeProblem(range.from, range.to);
    if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  });
type RangeForm = z.infer<typeof rangeFormSchema>;

interface ReportToolbarProps {
  /** What the dates are: the visit day, the admission day, the day booked. */
  rangeLabel: string;
  range: RangeForm;
  /** What is wrong with the range the address holds; the list waits until it is fixed. */
  problem: string | null;
  onRange: (range: RangeForm) => void;
  /** How many rows the filter has, once known. */
  count?: string;
  exporting: boolean;
  onExport: () => void;
  /** The list's own filters, applied as they are chosen. */
  children: ReactNode;
}

/**
 * The filters of a list: its date range, shown when both ends are typed (a date being typed passes through
 * other dates), its own filters, and the export of every row they keep.
 */
export function ReportToolbar(props: ReportToolbarProps) {
  const { range } = props;
  // A new range in the address (back button, another tab) starts the form again from it.
  return <Toolbar key={`${range.from}/${range.to}`} {...props} />;
}

function Toolbar({
  rangeLabel,
  range,
  problem,
  onRange,
  count,
  exporting,
  onExport,
  children,
}: ReportToolbarProps) {
  const { t } = useTranslation(kunjunganNs);
  const formId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RangeForm>({ resolver: zodResolver(rangeFormSchema), defaultValues: range });
  const dateInput = (end: 'from' | 'to') => {
    const id = `${formId}-${end}`;
    const error = errors[end] ?? (end === 'to' && problem ? { type: 'range', message: problem } : undefined);
    return (
      <FormField id={id} label={t(`filters.${end}`)} error={error?.message}>
        <input
          id={id}
          type="date"
          className={inputClass(error)}
          {...described(id, error)}
          {...register(end)}
        />
      </FormField>
    );
  };

  return (
    <DeskToolbar count={count} className="report-toolbar">
      <form className="report-range" aria-label={rangeLabel} onSubmit={handleSubmit(onRange)} noValidate>
        {dateInput('from')}
        {dateInput('to')}
        <Button type="submit" icon="pi pi-filter" label={t('filters.show')} className="report-range-submit" />
      </form>
      {children}
      <Button
        type="button"
        icon="pi pi-download"
        label={t('export')}
        outlined
        className="report-export"
        loading={exporting}
        disabled={problem !== null}
        onClick={onExport}
      />
    </DeskToolbar>
  );
}
