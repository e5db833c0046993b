import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEventHandler, useId, useState } from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  useForm,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../api/client';
import { applyServerErrors } from './serverErrors';

/** What a dialog's request is to do when the server answers: the options of a mutation's `mutate`. */
export interface SaveCallbacks<Result> {
  onSuccess: (result: Result) => void;
  onError: (error: Error) => void;
}

interface Options<Form extends FieldValues, Output, Result> {
  schema: z.ZodType<Output, Form>;
  defaultValues: NoInfer<DefaultValues<Form>>;
  /** The fields a refusal (a 400's `fields`) may name: shown next to them, the rest above the form. */
  fieldNames: readonly NoInfer<Path<Form>>[];
  /** Refusals about one field that name no field (a code already taken), by error code: told next to it. */
  fieldByErrorCode?: Partial<Record<string, NoInfer<Path<Form>>>>;
  /** Whether the request is on its way (the save button spins). */
  saving: boolean;
  /** Sends the checked values, usually `save.mutate(variables, callbacks)`. */
  mutate: (values: Output, callbacks: SaveCallbacks<Result>) => void;
  onSaved?: (result: Result) => void;
}

/** The props of a dialog that saves a record: closing it unsaved, and what it saved. */
export interface SaveDialogProps<Saved> {
  onClose: () => void;
  onSaved: (saved: Saved) => void;
}

/** How a control's text becomes the form's value: as it is, through `setValueAs`, or as a number. */
type ValueAs = { setValueAs?: (value: unknown) => unknown } | { valueAsNumber: true };

/** One field of a dialog's form, as the FormField around its control and the control need it. */
export interface DialogField {
  /** The control's id, unique to the dialog; FormField derives the ids of its hint and error from it. */
  id: string;
  error: FieldError | undefined;
  /** react-hook-form's props for the control (name, ref, change and blur). */
  register: (valueAs?: ValueAs) => UseFormRegisterReturn;
  /** The form's value of the field now. */
  value: () => unknown;
}

/** A dialog's react-hook-form, with what its FormDialog and fields need. */
export type DialogForm<Form extends FieldValues, Output = Form> = UseFormReturn<Form, unknown, Output> & {
  field: (name: Path<Form>) => DialogField;
  /** The props of the FormDialog around the form: `<FormDialog {...form.dialog}>`. */
  dialog: {
    formId: string;
    formError: string | null;
    saving: boolean;
    onSubmit: FormEventHandler<HTMLFormElement>;
  };
  /** Shows a failed request: its field errors at the fields, anything else above the form. */
  onError: (error: Error) => void;
  setFormError: (message: string | null) => void;
};

/**
 * The form of a dialog that sends one request: validated by `schema`, sent by `mutate`, and the server's
 * refusal put next to the fields it concerns (or above the form).
 */
export function useDialogForm<Form extends FieldValues, Output, Result = unknown>({
  schema,
  defaultValues,
  fieldNames,
  fieldByErrorCode,
  saving,
  mutate,
  onSaved,
}: Options<Form, Output, Result>): DialogForm<Form, Output> {
  const formId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Form, unknown, Output>({ resolver: zodResolver(schema), defaultValues });

  const onError = (error: Error) => {
    const field = error instanceof ApiError && !error.fields ? fieldByErrorCode?.[error.code] : undefined;
    if (field) {
      form.setError(field, { message: error.message });
      setFormError(null);
    } else setFormError(applyServerErrors(error, fieldNames, form.setError));
  };

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    mutate(values, { onSuccess: (result) => onSaved?.(result), onError });
  });

  return {
    ...form,
    field: (name) => ({
      id: `${formId}-${name}`,
      error: form.getFieldState(name, form.formState).error,
      register: (valueAs) => form.register(name, valueAs),
      value: () => form.getValues(name),
    }),
    dialog: { formId, formError, saving, onSubmit },
    onError,
    setFormError,
  };
}
