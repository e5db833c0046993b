import { useTranslation } from 'react-i18next';
import { emptyAsNull } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import type { DialogField } from '../../components/useDialogForm';
import { jadwalPoliNs } from './i18n';

/** A clinic's or doctor's code in the BPJS reference, left empty (none) until it is mapped there. */
export function BpjsCodeField({ field, list }: { field: DialogField; list: 'clinics' | 'doctors' }) {
  const { t } = useTranslation(jadwalPoliNs);
  return (
    <TextField
      field={field}
      label={t(`${list}.form.bpjsCode`)}
      help={t(`${list}.form.bpjsCodeHelp`)}
      setValueAs={emptyAsNull}
    />
  );
}
