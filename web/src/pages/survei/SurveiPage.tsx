import '../../i18n/zod';
import '../../components/forms.css';
import './survei.css';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  SURVEY_COMMENT_MAX,
  type SurveyAnswers,
  surveyAnswersSchema,
  surveyElements,
} from '@portal/contract';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../api/client';
import { usePublicSurvey, useSubmitSurvey } from '../../api/surveys';
import { described, inputClass } from '../../components/formControls';
import { FormField } from '../../components/FormField';
import { PageTitle } from '../../components/PageTitle';
import { PrimeScope } from '../../components/PrimeScope';
import { applyServerErrors, isTooMany } from '../../components/serverErrors';
import { surveiNs } from './i18n';

const scores = ['1', '2', '3', '4'] as const;

/** The answers as the radio buttons hold them (text), checked as the contract checks the numbers. */
function formSchema(choose: string) {
  const choice = z.enum(scores, { error: choose });
  return z.object({
    u1: choice,
    u2: choice,
    u3: choice,
    u4: choice,
    u5: choice,
    u6: choice,
    u7: choice,
    u8: choice,
    u9: choice,
    comment: surveyAnswersSchema.shape.comment,
  });
}
type SurveyForm = z.input<ReturnType<typeof formSchema>>;

const fieldNames = [...surveyElements, 'comment'] as const;

/** The satisfaction survey a patient's link opens (`/survei/{token}`): nine questions, once, without a name. */
export default function SurveiPage() {
  const { t } = useTranslation([surveiNs, 'translation']);
  const { token = '' } = useParams();
  const survey = usePublicSurvey(token);
  const [sent, setSent] = useState(false);

  let content;
  if (sent) {
    content = <Outcome title={t('thanks.title')} text={t('thanks.text')} />;
  } else if (survey.error instanceof ApiError && survey.error.status === 404) {
    content = <Outcome title={t('notFound.title')} text={t('notFound.text')} />;
  } else if (survey.error) {
    content = <Message severity="error" text={survey.error.message} />;
  } else if (!survey.data) {
    content = <p>{t('translation:common.loading')}</p>;
  } else if (survey.data.submitted) {
    content = <Outcome title={t('done.title')} text={t('done.text')} />;
  } else {
    content = <SurveyFormView token={token} unitName={survey.data.unitName} onSent={() => setSent(true)} />;
  }

  return (
    <PrimeScope>
      <PageTitle>{t('title')}</PageTitle>
      <div className="card" aria-live="polite">
        {content}
      </div>
    </PrimeScope>
  );
}

function Outcome({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation(surveiNs);
  return (
    <section aria-labelledby="survey-outcome">
      <h2 id="survey-outcome">{title}</h2>
      <p>{text}</p>
      <Link to="/">{t('home')}</Link>
    </section>
  );
}

function SurveyFormView({
  token,
  unitName,
  onSent,
}: {
  token: string;
  unitName: string;
  onSent: () => void;
}) {
  const { t } = useTranslation(surveiNs);
  const formId = useId();
  const send = useSubmitSurvey(token);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SurveyForm>({ resolver: zodResolver(formSchema(t('choose'))) });

  const submit = handleSubmit(
    (form) => {
      setFormError(null);
      const answers = Object.fromEntries(
        surveyElements.map((element) => [element, Number(form[element])]),
      ) as Omit<SurveyAnswers, 'comment'>;
      send.mutate(
        { ...answers, ...(form.comment ? { comment: form.comment } : {}) },
        {
          onSuccess: onSent,
          onError: (error) =>
            setFormError(isTooMany(error) ? t('tooMany') : applyServerErrors(error, fieldNames, setError)),
        },
      );
    },
    () => setFormError(t('missing')),
  );

  const commentId = `${formId}-comment`;
  return (
    <>
      <h2>{t('about', { unit: unitName })}</h2>
      <p>{t('intro')}</p>
      {formError && <Message className="form-message" severity="error" text={formError} />}
      <form className="survey-form" onSubmit={submit} noValidate>
        {surveyElements.map((element, index) => {
          const errorId = `${formId}-${element}`;
          const error = errors[element]?.message;
          const asked = t(`questions.${element}`, { returnObjects: true }) as {
            question: string;
            answers: string[];
          };
          return (
            <fieldset key={element} className="survey-question">
              <legend>
                {t('element', { number: index + 1, name: t(`elements.${element}`) })}
                <span>{asked.question}</span>
              </legend>
              <div className="survey-answers">
                {scores.map((score, answer) => (
                  <label key={score} className="survey-answer">
                    <input
                      type="radio"
                      value={score}
                      {...described(errorId, errors[element])}
                      {...register(element)}
                    />
                    <span>{asked.answers[answer]}</span>
                  </label>
                ))}
              </div>
              {error && (
                <small id={`${errorId}-error`} className="p-error">
                  {error}
                </small>
              )}
            </fieldset>
          );
        })}
        <FormField
          id={commentId}
          label={t('comment')}
          help={t('commentHelp', { max: SURVEY_COMMENT_MAX })}
          error={errors.comment?.message}
        >
          <textarea
            id={commentId}
            className={`p-inputtextarea survey-comment ${inputClass(errors.comment)}`}
            maxLength={SURVEY_COMMENT_MAX}
            {...described(commentId, errors.comment, true)}
            {...register('comment')}
          />
        </FormField>
        <div>
          <Button type="submit" label={t('submit')} icon="pi pi-send" loading={send.isPending} />
        </div>
      </form>
    </>
  );
}
