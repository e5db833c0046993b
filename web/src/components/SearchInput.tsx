import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText, type InputTextProps } from 'primereact/inputtext';

type SearchInputProps = Omit<InputTextProps, 'type' | 'value' | 'onChange'> & {
  value: string;
  onChange: (text: string) => void;
};

/** A search box with its magnifier; the label, hint and error are the caller's (a FormField or a label). */
export function SearchInput({ onChange, ...input }: SearchInputProps) {
  return (
    <IconField iconPosition="left">
      <InputIcon className="pi pi-search" />
      <InputText type="search" {...input} onChange={(event) => onChange(event.target.value)} />
    </IconField>
  );
}
