import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formControls } from './formControls';
import type { RequestNs } from './RequestForm';
import { applyServerErrors, isTooMany } from './serverErrors';

interface Options<Form extends FieldValues, Request> {
  /** The namespace with the form's texts; its `form.tooMany` answers a 429. */
  ns: RequestNs;
  resolver: Resolver<Form, unknown, Request>;
  defaultValues: DefaultValues<Form>;
  /** The fields a refusal (a 400's `fields`) may name: shown next to them, the rest above the form. */
  fieldNames: readonly Path<Form>[];
  /** Sends the checked request; a failure goes to `onError`. */
  send: (request: Request, onError: (error: Error) => void) => void;
}

/**
 * The form of a request the public sends (an order, a complaint), for its `RequestForm`: its native controls
 * tied to their FormFields, and the server's refusal next to the fields it names or above the form.
 */
export function useRequestForm<Form extends FieldValues, Request>({
  ns,
  resolver,
  defaultValues,
  fieldNames,
  send,
}: Options<Form, Request>) {
  const { t } = useTranslation(ns);
  const formId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Form, unknown, Request>({ resolver, defaultValues });

  const onError = (error: Error) =>
    setFormError(isTooMany(error) ? t('form.tooMany') : applyServerErrors(error, fieldNames, setError));

  const submit = handleSubmit((request) => {
    setFormError(null);
    send(request, onError);
  });

  return { ...formControls(formId, register, errors), formError, submit };
}
