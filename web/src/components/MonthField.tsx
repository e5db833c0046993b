import { useId } from 'react';
import { FormField } from './FormField';

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * A month (`YYYY-MM`) in a labelled field. A half-typed month (browsers without a month picker) is not passed
 * on until it is whole.
 */
export function MonthField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (month: string) => void;
}) {
  const id = useId();
  return (
    <FormField id={id} label={label}>
      <input
        id={id}
        type="month"
        className="p-inputtext p-component"
        value={value}
        onChange={(event) => {
          if (monthPattern.test(event.target.value)) onChange(event.target.value);
        }}
      />
    </FormField>
  );
}
