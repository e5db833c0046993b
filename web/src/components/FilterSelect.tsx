import { FormField } from './FormField';

interface FilterSelectProps<Value extends string> {
  id: string;
  label: string;
  /** Null: the "all" option. */
  value: Value | null;
  options: readonly { value: Value; label: string }[];
  /** The label of the option that filters nothing. */
  allLabel: string;
  onChange: (value: Value | null) => void;
}

/** A list filter: one of the options, or all of them. */
export function FilterSelect<Value extends string>({
  id,
  label,
  value,
  options,
  allLabel,
  onChange,
}: FilterSelectProps<Value>) {
  return (
    <FormField id={id} label={label}>
      <select
        id={id}
        className="p-inputtext p-component"
        value={value ?? ''}
        onChange={(event) => onChange((event.target.value || null) as Value | null)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}
