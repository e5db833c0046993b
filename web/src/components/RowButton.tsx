import { Button, type ButtonProps } from 'primereact/button';

export type RowButtonProps = Omit<ButtonProps, 'type' | 'size' | 'aria-label'> & {
  /** What the button does to its row ("Ubah Siti Aminah"): the label alone is the same in every row. */
  'aria-label': string;
};

/** A button in a list's row: small, outlined unless it is the row's main step, and named for its row. */
export function RowButton({ outlined = true, ...button }: RowButtonProps) {
  return <Button type="button" size="small" outlined={outlined} {...button} />;
}
