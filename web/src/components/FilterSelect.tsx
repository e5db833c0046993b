import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from './FormField';

interface FilterSelectProps<Value extends string> {
  label: string;
  /** Null: the "all" option. */
  value: Value | null;
  options: readonly { value: Value; label: string }[];
  /** The label of the option that filters nothing; "Semua" when left out. */
  allLabel?: string;
  onChange: (value: Value | null) => void;
}

/** A list filter: one of the options, or all of them. */
export function FilterSelect<Value extends string>({
  label,
  value,
  options,
  allLabel,
  onChange,
}: FilterSelectProps<Value>) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <FormField id={id} label={label}>
      <select
        id={id}
        className="p-inputtext p-component"
        value={value ?? ''}
        onChange={(event) => onChange((event.target.value || null) as Value | null)}
      >
        <option value="">{allLabel ?? t('common.all')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}
