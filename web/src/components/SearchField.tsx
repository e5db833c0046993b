import './lists.css';
import type { ComponentProps } from 'react';
import { FormField } from './FormField';
import { SearchInput } from './SearchInput';

type SearchFieldProps = ComponentProps<typeof SearchInput> & {
  id: string;
  label: string;
  /** A line under the box, which the box names as its description. */
  hint?: string;
};

/** The labelled search box of a list, the first and widest field of its toolbar. */
export function SearchField({ id, label, hint, ...input }: SearchFieldProps) {
  return (
    <div className="list-search">
      <FormField id={id} label={label} help={hint}>
        <SearchInput id={id} aria-describedby={hint ? `${id}-help` : undefined} {...input} />
      </FormField>
    </div>
  );
}
