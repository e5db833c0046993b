import {
  type Sep,
  type SepBasis,
  type SepInput,
  sepAccidentKinds,
  sepAccidentSchema,
  sepDeleteSchema,
  sepInputSchema,
} from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useDeleteSep, useDiagnoses, useIssueSep, useSepDraft, useUpdateSep } from '../../api/sep';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { errorText } from '../../components/serverErrors';
import { TextAreaField, TextField } from '../../components/TextField';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useDialogForm } from '../../components/useDialogForm';
import { formatDate } from '../../i18n/format';
import { sepNs } from '../../i18n/sep';
import { antreanNs } from './i18n';

/** The form's fields: the accident's flat, its kind "0" when the visit is not for an accident. */
const formSchema = sepInputSchema
  .omit({ accident: true })
  .extend({
    accidentKind: z.enum(['0', ...sepAccidentKinds]),
    accidentDate: z.string(),
    description: z.string(),
    policeReportNo: z.string(),
    province: z.string(),
    regency: z.string(),
    district: z.string(),
  })
  .transform((form, ctx): SepInput => {
    const { accidentKind, accidentDate, description, policeReportNo, province, regency, district, ...input } =
      form;
    if (accidentKind === '0') return { ...input, accident: null };
    const accident = sepAccidentSchema.safeParse({
      kind: accidentKind,
      date: accidentDate,
      description,
      policeReportNo,
      province,
      regency,
      district,
    });
    if (accident.success) return { ...input, accident: accident.data };
    for (const issue of accident.error.issues) {
      const name = issue.path[0] === 'date' ? 'accidentDate' : String(issue.path[0]);
      ctx.addIssue({ code: 'custom', path: [name], message: issue.message });
    }
    return z.NEVER;
  });
type SepForm = z.input<typeof formSchema>;

const formOf = (input: SepInput): SepForm => ({
  diagnosisCode: input.diagnosisCode,
  note: input.note,
  cob: input.cob,
  phone: input.phone,
  accidentKind: input.accident?.kind ?? '0',
  accidentDate: input.accident?.date ?? '',
  description: input.accident?.description ?? '',
  policeReportNo: input.accident?.policeReportNo ?? '',
  province: input.accident?.province ?? '',
  regency: input.accident?.regency ?? '',
  district: input.accident?.district ?? '',
});

const fieldNames = ['diagnosisCode', 'note', 'phone'] as const;

interface Props {
  bookingCode: string;
  onClose: () => void;
  onSaved: (sep: Sep) => void;
}

/**
 * "Buat SEP": the form filled from VClaim (the participant's class, the referral's diagnosis, the clinic's
 * and doctor's BPJS codes), which the clerk checks and may change before issuing. BPJS's refusal is shown
 * above the form as BPJS wrote it.
 */
export function IssueSepDialog({ bookingCode, onClose, onSaved }: Props) {
  const { t } = useTranslation(antreanNs, { keyPrefix: 'sep' });
  const draft = useSepDraft(bookingCode);
  if (!draft.data) {
    return (
      <FormDialog
        title={t('issueTitle')}
        formId="sep-draft"
        formError={draft.error ? errorText(draft.error) : null}
        saving={false}
        saveDisabled
        onClose={onClose}
        onSubmit={(event) => event.preventDefault()}
        saveLabel={t('issue')}
        intro={draft.isPending ? <p>{t('loading')}</p> : null}
      >
        {null}
      </FormDialog>
    );
  }
  return (
    <SepFormDialog
      mode="issue"
      bookingCode={bookingCode}
      basis={draft.data.basis}
      input={draft.data.input}
      diagnosisName={draft.data.diagnosisName}
      otherInsurer={draft.data.otherInsurer}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

/** "Ubah SEP": the clerk's fields of today's SEP, changed with VClaim. */
export function ChangeSepDialog({ sep, onClose, onSaved }: { sep: Sep } & Omit<Props, 'bookingCode'>) {
  return (
    <SepFormDialog
      mode="change"
      bookingCode={sep.bookingCode}
      basis={sep.basis}
      input={sep.input}
      diagnosisName={sep.diagnosis}
      otherInsurer={null}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

function SepFormDialog({
  mode,
  bookingCode,
  basis,
  input,
  diagnosisName,
  otherInsurer,
  onClose,
  onSaved,
}: Props & {
  mode: 'issue' | 'change';
  basis: SepBasis;
  input: SepInput;
  diagnosisName: string;
  otherInsurer: string | null;
}) {
  const { t } = useTranslation(antreanNs, { keyPrefix: 'sep' });
  const issue = useIssueSep();
  const change = useUpdateSep();
  const save = mode === 'issue' ? issue : change;
  const form = useDialogForm({
    schema: formSchema,
    defaultValues: formOf(input),
    fieldNames,
    saving: save.isPending,
    mutate: (values, callbacks) => save.mutate({ bookingCode, input: values }, callbacks),
    onSaved,
  });
  const typed = useDebouncedValue(form.watch('diagnosisCode') ?? '');
  const diagnoses = useDiagnoses(typed);
  const accident = form.watch('accidentKind') !== '0';
  const listId = `${form.dialog.formId}-diagnoses`;
  const cob = form.field('cob');
  const { t: accidents } = useTranslation(sepNs, { keyPrefix: 'accidents' });

  return (
    <FormDialog
      title={t(mode === 'issue' ? 'issueTitle' : 'changeTitle')}
      saveLabel={t(mode === 'issue' ? 'issue' : 'change')}
      saveIcon="pi pi-file-check"
      onClose={onClose}
      className="sep-dialog"
      intro={<SepBasisList basis={basis} />}
      {...form.dialog}
    >
      <TextField
        field={form.field('diagnosisCode')}
        label={t('fields.diagnosis')}
        help={diagnosisName ? t('fields.diagnosisHelp', { name: diagnosisName }) : undefined}
        autoComplete="off"
        list={listId}
      >
        <datalist id={listId}>
          {diagnoses.data?.map((d) => (
            <option key={d.code} value={d.code}>
              {d.name}
            </option>
          ))}
        </datalist>
      </TextField>
      <TextField field={form.field('note')} label={t('fields.note')} />
      <TextField field={form.field('phone')} label={t('fields.phone')} type="tel" />
      <FormField
        id={cob.id}
        label={t('fields.cob')}
        help={otherInsurer ? t('fields.cobHelp', { insurer: otherInsurer }) : undefined}
      >
        <label className="form-choice">
          <input id={cob.id} type="checkbox" {...cob.register()} />
          {t('fields.cobChoice')}
        </label>
      </FormField>
      <SelectField field={form.field('accidentKind')} label={t('fields.accident')}>
        {(['0', ...sepAccidentKinds] as const).map((kind) => (
          <option key={kind} value={kind}>
            {accidents(kind)}
          </option>
        ))}
      </SelectField>
      {accident && (
        <>
          <TextField field={form.field('accidentDate')} label={t('fields.accidentDate')} type="date" />
          <TextField field={form.field('description')} label={t('fields.description')} />
          <TextField field={form.field('policeReportNo')} label={t('fields.policeReportNo')} />
          <TextField field={form.field('province')} label={t('fields.province')} />
          <TextField field={form.field('regency')} label={t('fields.regency')} />
          <TextField field={form.field('district')} label={t('fields.district')} />
        </>
      )}
    </FormDialog>
  );
}

/** What the SEP rests on, shown and not changed: the participant, the referral, the clinic and the DPJP. */
function SepBasisList({ basis }: { basis: SepBasis }) {
  const { t } = useTranslation(antreanNs, { keyPrefix: 'sep' });
  const rows: [string, string][] = [
    [t('basis.participant'), `${basis.name} · ${basis.cardNo}`],
    [t('basis.careClass'), basis.careClass.name],
    [t('basis.clinic'), `${basis.clinic.name} (${basis.clinic.code})`],
    [t('basis.doctor'), `${basis.doctor.name} (${basis.doctor.code})`],
    [
      t('basis.referral'),
      t('basis.referralOf', {
        number: basis.referral.number,
        date: formatDate(basis.referral.date),
        referrer: basis.referral.referrer.name || basis.referral.referrer.code,
      }),
    ],
  ];
  if (basis.controlLetter) rows.push([t('basis.controlLetter'), basis.controlLetter.number]);
  return (
    <dl className="sep-basis">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "Hapus SEP": asks why (kept in the audit log), then deletes the SEP with VClaim. */
export function DeleteSepDialog({
  sep,
  onClose,
  onDeleted,
}: {
  sep: Sep;
  onClose: () => void;
  onDeleted: (number: string) => void;
}) {
  const { t } = useTranslation(antreanNs, { keyPrefix: 'sep' });
  const remove = useDeleteSep();
  const form = useDialogForm({
    schema: sepDeleteSchema,
    defaultValues: { reason: '' },
    fieldNames: ['reason'],
    saving: remove.isPending,
    mutate: ({ reason }, callbacks) => remove.mutate({ bookingCode: sep.bookingCode, reason }, callbacks),
    onSaved: (deleted: { number: string }) => onDeleted(deleted.number),
  });
  return (
    <FormDialog
      title={t('deleteTitle', { number: sep.number })}
      cancelLabel={t('back')}
      saveLabel={t('delete')}
      saveIcon="pi pi-trash"
      saveSeverity="danger"
      onClose={onClose}
      intro={<p>{t('deleteIntro', { number: sep.number, name: sep.basis.name })}</p>}
      {...form.dialog}
    >
      <TextAreaField field={form.field('reason')} label={t('fields.reason')} />
    </FormDialog>
  );
}
