import '../../i18n/zod';
import './WardDesk.css';
import type { CurrentAdmission, RoomBeds } from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveBeds } from '../../api/bedsStream';
import { ApiError } from '../../api/client';
import {
  useAdmissions,
  useAdmit,
  useDischarge,
  useTransfer,
  useWardPatients,
  type WardPatient,
} from '../../api/ward';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useSuccessToast } from '../../components/useSuccessToast';
import { formatDate, formatDateTime } from '../../i18n/format';
import i18n from '../../i18n';
import { PrimeScope } from '../../components/PrimeScope';
import { SearchInput } from '../../components/SearchInput';
import { bangsalNs } from './i18n';
import { RoomDialog } from './RoomDialog';

const PAGE_SIZE = 20;

function errorMessage(error: Error | null): string | null {
  if (!error) return null;
  return error instanceof ApiError ? error.message : i18n.t('errors.unexpected');
}

export default function WardDesk() {
  const { t } = useTranslation(bangsalNs);
  const { toast, show } = useSuccessToast();
  const { data: beds } = useLiveBeds();
  const rooms = beds?.rooms ?? [];
  const roomName = (code: string) => rooms.find((room) => room.code === code)?.name ?? code;
  const [admitting, setAdmitting] = useState<WardPatient | null>(null);
  const [transferring, setTransferring] = useState<CurrentAdmission | null>(null);
  const [discharging, setDischarging] = useState<CurrentAdmission | null>(null);
  const admit = useAdmit();
  const transfer = useTransfer();
  const discharge = useDischarge();

  const closeAdmit = () => {
    setAdmitting(null);
    admit.reset();
  };
  const closeTransfer = () => {
    setTransferring(null);
    transfer.reset();
  };

  return (
    <PrimeScope>
      {toast}
      <PatientSearch roomName={roomName} onAdmit={setAdmitting} />
      <Inpatients rooms={rooms} onTransfer={setTransferring} onDischarge={setDischarging} />

      {admitting && (
        <RoomDialog
          title={t('admit.title', { name: admitting.name })}
          rooms={rooms}
          sex={admitting.sex}
          submitLabel={t('admit.submit')}
          pending={admit.isPending}
          error={errorMessage(admit.error)}
          onClose={closeAdmit}
          onSubmit={(roomCode) =>
            admit.mutate(
              { patientId: admitting.id, roomCode },
              {
                onSuccess: (admission) => {
                  closeAdmit();
                  show(t('done.admitted', { name: admission.patient.name, room: admission.room.name }));
                },
              },
            )
          }
        />
      )}
      {transferring && (
        <RoomDialog
          title={t('transfer.title', { name: transferring.patient.name })}
          intro={t('transfer.from', { room: transferring.room.name })}
          rooms={rooms}
          sex={transferring.patient.sex}
          currentRoom={transferring.room.code}
          submitLabel={t('transfer.submit')}
          pending={transfer.isPending}
          error={errorMessage(transfer.error)}
          onClose={closeTransfer}
          onSubmit={(roomCode) =>
            transfer.mutate(
              { admissionId: transferring.id, roomCode },
              {
                onSuccess: (admission) => {
                  closeTransfer();
                  show(t('done.transferred', { name: admission.patient.name, room: admission.room.name }));
                },
              },
            )
          }
        />
      )}
      <ConfirmDialog
        visible={discharging !== null}
        onHide={() => setDischarging(null)}
        header={t('discharge.title')}
        icon="pi pi-sign-out"
        message={
          discharging
            ? t('discharge.message', { name: discharging.patient.name, room: discharging.room.name })
            : ''
        }
        acceptLabel={t('discharge.accept')}
        rejectLabel={t('cancel')}
        accept={() => {
          if (!discharging) return;
          const { id, patient } = discharging;
          discharge.mutate(id, { onSuccess: () => show(t('done.discharged', { name: patient.name })) });
        }}
      />
    </PrimeScope>
  );
}

interface PatientSearchProps {
  roomName: (code: string) => string;
  onAdmit: (patient: WardPatient) => void;
}

function PatientSearch({ roomName, onAdmit }: PatientSearchProps) {
  const { t } = useTranslation([bangsalNs, 'translation']);
  const inputId = useId();
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim());
  const patients = useWardPatients(term);
  const tooShort = term.length < 2;

  return (
    <section className="card" aria-labelledby="ward-search">
      <h2 id="ward-search">{t('search.title')}</h2>
      <div className="ward-field ward-search">
        <label htmlFor={inputId}>{t('search.label')}</label>
        <SearchInput
          id={inputId}
          value={text}
          placeholder={t('search.placeholder')}
          aria-describedby={`${inputId}-hint`}
          onChange={setText}
        />
        <small id={`${inputId}-hint`} className="form-help">
          {t('search.hint')}
        </small>
      </div>
      {!tooShort && (
        <DataTable
          value={patients.data ?? []}
          dataKey="id"
          loading={patients.isFetching}
          emptyMessage={patients.isPending ? t('translation:common.loading') : t('search.empty')}
          size="small"
          stripedRows
          pt={{ table: { 'aria-labelledby': 'ward-search' } }}
        >
          <Column field="mrn" header={t('patient.mrn')} />
          <Column field="name" header={t('patient.name')} />
          <Column
            header={t('patient.sex')}
            body={(patient: WardPatient) => t(`patient.sexes.${patient.sex}`)}
          />
          <Column
            header={t('patient.birthDate')}
            body={(patient: WardPatient) => formatDate(patient.birthDate)}
          />
          <Column
            header={t('patient.status')}
            body={(patient: WardPatient) =>
              patient.admittedIn ? (
                t('search.admittedIn', { room: roomName(patient.admittedIn) })
              ) : (
                <Button
                  type="button"
                  size="small"
                  icon="pi pi-sign-in"
                  label={t('search.admit')}
                  aria-label={t('search.admitLabel', { name: patient.name })}
                  onClick={() => onAdmit(patient)}
                />
              )
            }
          />
        </DataTable>
      )}
    </section>
  );
}

interface InpatientsProps {
  rooms: readonly RoomBeds[];
  onTransfer: (admission: CurrentAdmission) => void;
  onDischarge: (admission: CurrentAdmission) => void;
}

function Inpatients({ rooms, onTransfer, onDischarge }: InpatientsProps) {
  const { t } = useTranslation([bangsalNs, 'translation']);
  const filterId = useId();
  const [room, setRoom] = useState('');
  const admissions = useAdmissions(room || null);

  return (
    <section className="card" aria-labelledby="ward-inpatients">
      <h2 id="ward-inpatients">{t('inpatients.title')}</h2>
      <div className="ward-toolbar">
        <div className="ward-field">
          <label htmlFor={filterId}>{t('inpatients.filter')}</label>
          <select
            id={filterId}
            className="p-inputtext p-component"
            value={room}
            onChange={(event) => setRoom(event.target.value)}
          >
            <option value="">{t('inpatients.allRooms')}</option>
            {rooms.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        {admissions.data && (
          <p className="ward-count" aria-live="polite">
            {t('inpatients.count', { count: admissions.data.length })}
          </p>
        )}
      </div>
      <DataTable
        value={admissions.data ?? []}
        dataKey="id"
        loading={admissions.isFetching}
        emptyMessage={admissions.isPending ? t('translation:common.loading') : t('inpatients.empty')}
        paginator={(admissions.data?.length ?? 0) > PAGE_SIZE}
        rows={PAGE_SIZE}
        size="small"
        stripedRows
        pt={{ table: { 'aria-labelledby': 'ward-inpatients' } }}
      >
        <Column field="registrationNo" header={t('inpatients.columns.registrationNo')} />
        <Column
          header={t('inpatients.columns.patient')}
          body={(admission: CurrentAdmission) => (
            <>
              <span className="ward-patient-name">{admission.patient.name}</span>
              <span className="ward-patient-mrn">{admission.patient.mrn}</span>
            </>
          )}
        />
        <Column
          header={t('inpatients.columns.room')}
          body={(admission: CurrentAdmission) => admission.room.name}
        />
        <Column
          header={t('inpatients.columns.admittedAt')}
          body={(admission: CurrentAdmission) => formatDateTime(admission.admittedAt)}
        />
        <Column
          header={t('inpatients.columns.actions')}
          bodyClassName="ward-actions"
          body={(admission: CurrentAdmission) => (
            <>
              <Button
                type="button"
                size="small"
                outlined
                icon="pi pi-arrow-right-arrow-left"
                label={t('inpatients.transfer')}
                aria-label={t('inpatients.transferLabel', { name: admission.patient.name })}
                onClick={() => onTransfer(admission)}
              />
              <Button
                type="button"
                size="small"
                outlined
                severity="danger"
                icon="pi pi-sign-out"
                label={t('inpatients.discharge')}
                aria-label={t('inpatients.dischargeLabel', { name: admission.patient.name })}
                onClick={() => onDischarge(admission)}
              />
            </>
          )}
        />
      </DataTable>
    </section>
  );
}
