import './lists.css';
import { type ComponentProps, useId } from 'react';
import { FormField } from './FormField';
import { SearchInput } from './SearchInput';

type SearchFieldProps = Omit<ComponentProps<typeof SearchInput>, 'id' | 'value' | 'onChange'> & {
  label: string;
  /** A line under the box, which the box names as its description. */
  hint?: string;
  /** The text typed and what sets it: a `useUrlSearch`, or the caller's own state. */
  search: { text: string; setText: (text: string) => void };
};

/** The labelled search box of a list, the first and widest field of its toolbar. */
export function SearchField({ label, hint, search, ...input }: SearchFieldProps) {
  const id = useId();
  return (
    <div className="list-search">
      <FormField id={id} label={label} help={hint}>
        <SearchInput
          id={id}
          aria-describedby={hint ? `${id}-help` : undefined}
          // The lists' searches take 100 characters at most (the contract): more is not typed, rather than refused.
          maxLength={100}
          value={search.text}
          onChange={search.setText}
          {...input}
        />
      </FormField>
    </div>
  );
}
