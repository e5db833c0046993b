import type { BpjsMapping, BpjsScheduleList } from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useBpjsSchedules } from '../../api/bpjs';
import { DeskTable, tagColumn } from '../../components/DeskTable';
import { numberOrUndefined } from '../../components/FormDialog';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useDialogForm } from '../../components/useDialogForm';
import { formatDate, hospitalDate } from '../../i18n/format';
import i18n from '../../i18n';
import { jadwalPoliNs } from './i18n';

type ScheduleRow = BpjsScheduleList[number] & { key: string };

const checkSchema = z.object({
  clinicId: z.number({ error: () => i18n.t('jadwalPoli:bpjs.schedules.clinicRequired') }),
  date: z.iso.date({ error: () => i18n.t('jadwalPoli:bpjs.schedules.dateRequired') }),
});
const fieldNames = ['clinicId', 'date'] as const;

/**
 * BPJS's doctor schedules of a mapped clinic on a date, each with whether the hospital has that session: a
 * Mobile JKN booking names BPJS's doctor and hours, and finds no place when the hospital's schedule differs.
 */
export function BpjsScheduleCheck({
  clinics,
  configured,
}: {
  clinics: BpjsMapping['clinics'];
  /** Without BPJS's address and keys there is nothing to ask. */
  configured: boolean;
}) {
  const { t } = useTranslation(jadwalPoliNs, { keyPrefix: 'bpjs.schedules' });
  const ids = { heading: useId(), notConfigured: useId() };
  const mapped = clinics.filter((clinic) => clinic.active && clinic.bpjsCode !== null);
  const [checked, setChecked] = useState<{ kodepoli: string; date: string; clinic: string } | null>(null);
  const schedules = useBpjsSchedules(checked && { kodepoli: checked.kodepoli, date: checked.date });
  const form = useDialogForm({
    schema: checkSchema,
    defaultValues: { date: hospitalDate(new Date()) },
    fieldNames,
    saving: false,
    mutate: ({ clinicId, date }) => {
      const clinic = mapped.find((candidate) => candidate.id === clinicId);
      if (clinic?.bpjsCode) setChecked({ kodepoli: clinic.bpjsCode, date, clinic: clinic.name });
    },
  });
  const rows: ScheduleRow[] | undefined = schedules.data?.map((row) => ({
    ...row,
    key: `${row.doctorCode} ${row.hours}`,
  }));

  return (
    <section className="bpjs-section" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{t('title')}</h2>
      <p className="form-help">{t('help')}</p>
      {mapped.length === 0 ? (
        <p>{t('noMappedClinics')}</p>
      ) : (
        <form className="bpjs-check" onSubmit={form.dialog.onSubmit} noValidate>
          <SelectField field={form.field('clinicId')} label={t('clinic')} setValueAs={numberOrUndefined}>
            <option value="">{t('chooseClinic')}</option>
            {mapped.map((clinic) => (
              <option key={clinic.id} value={clinic.id}>
                {`${clinic.name} (${clinic.bpjsCode})`}
              </option>
            ))}
          </SelectField>
          <TextField field={form.field('date')} label={t('date')} type="date" />
          <Button
            type="submit"
            icon="pi pi-search"
            label={t('check')}
            disabled={!configured}
            loading={schedules.isFetching}
            aria-describedby={configured ? undefined : ids.notConfigured}
          />
        </form>
      )}
      {!configured && (
        <p id={ids.notConfigured} className="form-help">
          {t('notConfigured')}
        </p>
      )}
      {checked && (
        <DeskTable
          label={t('label', { clinic: checked.clinic, date: formatDate(checked.date) })}
          query={schedules}
          rows={rows}
          dataKey="key"
          emptyMessage={t('empty')}
        >
          <Column
            header={t('columns.doctor')}
            body={(row: ScheduleRow) => (
              <>
                <span className="list-person-name">{row.doctorName}</span>
                <span className="list-person-note">{t('doctorCode', { code: row.doctorCode })}</span>
              </>
            )}
          />
          <Column field="hours" header={t('columns.hours')} />
          <Column field="capacity" header={t('columns.capacity')} />
          {tagColumn(t('columns.holiday'), (row: ScheduleRow) =>
            row.holiday
              ? { severity: 'warning', value: t('holiday') }
              : { severity: 'info', value: t('notHoliday') },
          )}
          <Column
            header={t('columns.hospitalDoctor')}
            body={(row: ScheduleRow) =>
              row.doctor ? row.doctor.name : <Tag severity="warning" value={t('doctorNotMapped')} />
            }
          />
          {tagColumn(t('columns.session'), (row: ScheduleRow) =>
            row.sessionFound
              ? { severity: 'success', value: t('sessionFound') }
              : { severity: 'danger', value: t('sessionMissing') },
          )}
        </DeskTable>
      )}
    </section>
  );
}
