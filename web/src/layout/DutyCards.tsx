import type { DutyRole, Officer } from '@portal/contract';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useCandidates, useDuty, useHandover } from '../api/duty';
import { OfficerContact } from '../components/OfficerContact';
import { errorText } from '../components/serverErrors';
import { contactNs } from '../i18n/contact';
import { dutyNs } from '../i18n/duty';
import './DutyCards.css';

/** The on-duty officer and the customer-service officer, each with the handover the legacy portal offered. */
export function DutyCards() {
  // One query for both cards, so that the polling runs once.
  const { data: duty, isPending } = useDuty();
  return (
    <div className="duty-cards">
      <DutyCard role="piket" officer={duty?.piket ?? null} loading={isPending} />
      <DutyCard role="cs" officer={duty?.cs ?? null} loading={isPending} />
    </div>
  );
}

interface DutyCardProps {
  role: DutyRole;
  officer: Officer | null;
  loading: boolean;
}

function DutyCard({ role, officer, loading }: DutyCardProps) {
  const { t } = useTranslation([dutyNs, contactNs, 'translation']);
  const titleId = useId();
  const listId = useId();
  const changeButtonId = useId();
  const focusChangeWhenHidden = useRef(false);
  const [listOpen, setListOpen] = useState(false);
  const [candidate, setCandidate] = useState<Officer | null>(null);
  const [promptOpen, setPromptOpen] = useState(false);

  return (
    <section className="duty-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="duty-card-title">
        {t(`contact:roles.${role}`)}
      </h3>
      {/* Announced when a handover here or in another browser changes the officer. */}
      <div className="duty-card-officer" aria-live="polite">
        {loading ? (
          <p>{t('translation:common.loading')}</p>
        ) : officer ? (
          <OfficerContact officer={officer} />
        ) : (
          <p>{t('contact:none')}</p>
        )}
      </div>
      <Button
        id={changeButtonId}
        type="button"
        className="duty-card-change"
        severity="success"
        icon="pi pi-sync"
        label={t(`change.${role}`)}
        aria-expanded={listOpen}
        aria-controls={listId}
        onClick={() => setListOpen((open) => !open)}
      />
      {listOpen && (
        <CandidateList
          id={listId}
          role={role}
          currentId={officer?.id ?? null}
          onChoose={(chosen) => {
            setCandidate(chosen);
            setPromptOpen(true);
          }}
        />
      )}
      <HandoverPrompt
        role={role}
        candidate={candidate}
        visible={promptOpen}
        onCancel={() => setPromptOpen(false)}
        onDone={() => {
          setPromptOpen(false);
          setListOpen(false);
          focusChangeWhenHidden.current = true;
        }}
        onHidden={() => {
          // The candidate button that opened the prompt is gone with the list: once the dialog has
          // gone (and tried to give the focus back to that button), the focus goes to the change button.
          if (!focusChangeWhenHidden.current) return;
          focusChangeWhenHidden.current = false;
          document.getElementById(changeButtonId)?.focus();
        }}
      />
    </section>
  );
}

interface CandidateListProps {
  id: string;
  role: DutyRole;
  currentId: number | null;
  onChoose: (candidate: Officer) => void;
}

function CandidateList({ id, role, currentId, onChoose }: CandidateListProps) {
  const { t } = useTranslation([dutyNs, 'translation']);
  const headingId = useId();
  const { data, isPending } = useCandidates(role, true);
  // A handover in another browser may have made one of them active since the list was loaded.
  const candidates = data?.filter((candidate) => candidate.id !== currentId) ?? [];

  return (
    <div id={id} className="duty-candidates">
      <p id={headingId} className="duty-candidates-title">
        {t('candidates')}
      </p>
      {isPending ? (
        <p>{t('translation:common.loading')}</p>
      ) : candidates.length === 0 ? (
        <p>{t('noCandidates')}</p>
      ) : (
        <ul aria-labelledby={headingId}>
          {candidates.map((candidate) => (
            <li key={candidate.id}>
              <button type="button" className="duty-candidate" onClick={() => onChoose(candidate)}>
                <span className="duty-candidate-name">{candidate.name}</span>
                <span className="duty-candidate-phone">{candidate.phone}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface HandoverPromptProps {
  role: DutyRole;
  candidate: Officer | null;
  visible: boolean;
  onCancel: () => void;
  onDone: () => void;
  /** After the closing animation. */
  onHidden: () => void;
}

function HandoverPrompt({ role, candidate, visible, onCancel, onDone, onHidden }: HandoverPromptProps) {
  const { t } = useTranslation([dutyNs, 'translation']);
  const promptId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const handover = useHandover(role);

  const close = (after: () => void) => {
    setPassword('');
    setError(null);
    handover.reset();
    after();
  };

  const refuse = (message: string) => {
    setPassword('');
    setError(message);
    inputRef.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!candidate || handover.isPending) return;
    if (password.trim() === '') {
      refuse(t('passwordRequired'));
      return;
    }
    handover.mutate(
      { staffId: candidate.id, password },
      {
        onSuccess: () => close(onDone),
        onError: (failure) =>
          refuse(
            failure instanceof ApiError && failure.code === 'WRONG_PASSWORD'
              ? t('wrongPassword')
              : errorText(failure),
          ),
      },
    );
  };

  return (
    <Dialog
      visible={visible}
      onHide={() => close(onCancel)}
      onShow={() => inputRef.current?.focus()}
      // The timeout is PrimeReact's own for a centred dialog; options replace it, so it is given again.
      transitionOptions={{ timeout: { enter: 150, exit: 150 }, onExited: onHidden }}
      header={<span id={promptId}>{t('prompt', { name: candidate?.name ?? '' })}</span>}
      className="duty-prompt"
      draggable={false}
      resizable={false}
    >
      <form onSubmit={submit} noValidate>
        <InputText
          ref={inputRef}
          type="password"
          autoComplete="off"
          className="duty-prompt-input"
          aria-labelledby={promptId}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          invalid={error !== null}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {error && (
          <small id={errorId} className="p-error duty-prompt-error" role="alert">
            {error}
          </small>
        )}
        <div className="duty-prompt-actions">
          <Button type="button" severity="danger" label={t('cancel')} onClick={() => close(onCancel)} />
          <Button type="submit" label={t('ok')} loading={handover.isPending} />
        </div>
      </form>
    </Dialog>
  );
}
