import '../../i18n/zod';
import '../../components/forms.css';
import '../../components/lists.css';
import './WardDesk.css';
import type { CurrentAdmission, RoomBeds } from '@portal/contract';
import { Column } from 'primereact/column';
import { TabPanel, TabView } from 'primereact/tabview';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveBeds } from '../../api/bedsStream';
import { useSimrsLinked } from '../../api/system';
import { useAdmissions, useAdmit, useTransfer, useWardPatients, type WardPatient } from '../../api/ward';
import { actionsColumn, dateTimeColumn, DeskTable, textColumn } from '../../components/DeskTable';
import { DeskToolbar } from '../../components/DeskToolbar';
import { FormField } from '../../components/FormField';
import { PersonCell } from '../../components/PersonCell';
import { PrimeScope } from '../../components/PrimeScope';
import { RowButton } from '../../components/RowButton';
import { SearchField } from '../../components/SearchField';
import { SimrsOwnedNote } from '../../components/SimrsOwnedNote';
import { errorText } from '../../components/serverErrors';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useSuccessToast } from '../../components/useSuccessToast';
import { useUrlTab } from '../../components/useUrlParam';
import { formatBirthDate } from '../../i18n/format';
import { bangsalNs } from './i18n';
import { RoomDialog } from './RoomDialog';
import { DischargeDialog, DpjpDialog } from './StayDialogs';
import { RoomsTab } from './RoomsTab';

const PAGE_SIZE = 20;

// The tab is kept in the URL (?tab=), so that a reload or a shared link opens the same list. The rooms are
// kept here rather than on a screen of their own: the same people (ward staff and admins) keep them, and
// their beds are what the admissions take.
const tabs = ['pasien', 'ruangan'] as const;

export default function WardDesk() {
  const { t } = useTranslation([bangsalNs, 'translation']);
  const { toast, show } = useSuccessToast();
  const { data: beds } = useLiveBeds();
  const rooms = beds?.rooms ?? [];
  const roomName = (code: string) => rooms.find((room) => room.code === code)?.name ?? code;
  const [admitting, setAdmitting] = useState<WardPatient | null>(null);
  const [transferring, setTransferring] = useState<CurrentAdmission | null>(null);
  const [discharging, setDischarging] = useState<CurrentAdmission | null>(null);
  const [changingDpjp, setChangingDpjp] = useState<CurrentAdmission | null>(null);
  const admit = useAdmit();
  const transfer = useTransfer();
  const tabView = useUrlTab(tabs);
  // Linked mode: stays are the SIMRS's; the desk shows who is where, admitting and discharging is done there.
  const linked = useSimrsLinked();

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
      <div className="card">
        <TabView {...tabView}>
          <TabPanel header={t('tabs.patients')}>
            {linked && <SimrsOwnedNote what={t('simrsOwned.stays')} />}
            <PatientSearch roomName={roomName} onAdmit={linked ? undefined : setAdmitting} />
            <Inpatients
              rooms={rooms}
              actions={
                linked
                  ? undefined
                  : { onTransfer: setTransferring, onDischarge: setDischarging, onDpjp: setChangingDpjp }
              }
            />
          </TabPanel>
          <TabPanel header={t('tabs.rooms')}>
            <RoomsTab onDone={show} />
          </TabPanel>
        </TabView>
      </div>

      {admitting && (
        <RoomDialog
          title={t('admit.title', { name: admitting.name })}
          rooms={rooms}
          sex={admitting.sex}
          withDpjp
          submitLabel={t('admit.submit')}
          pending={admit.isPending}
          error={admit.error && errorText(admit.error)}
          onClose={closeAdmit}
          onSubmit={(choice) =>
            admit.mutate(
              { patientId: admitting.id, ...choice },
              {
                onSuccess: (admission) => {
                  closeAdmit();
                  show(
                    t('done.admitted', {
                      name: admission.patient.name,
                      room: admission.room.name,
                      bed: admission.bed ?? '',
                    }),
                  );
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
          error={transfer.error && errorText(transfer.error)}
          onClose={closeTransfer}
          onSubmit={({ roomCode, bed }) =>
            transfer.mutate(
              { admissionId: transferring.id, roomCode, bed },
              {
                onSuccess: (admission) => {
                  closeTransfer();
                  show(
                    t('done.transferred', {
                      name: admission.patient.name,
                      room: admission.room.name,
                      bed: admission.bed ?? '',
                    }),
                  );
                },
              },
            )
          }
        />
      )}
      {discharging && (
        <DischargeDialog stay={discharging} onClose={() => setDischarging(null)} onDone={show} />
      )}
      {changingDpjp && <DpjpDialog stay={changingDpjp} onClose={() => setChangingDpjp(null)} onDone={show} />}
    </PrimeScope>
  );
}

interface PatientSearchProps {
  roomName: (code: string) => string;
  /** Left out where no one is admitted here (linked mode). */
  onAdmit?: (patient: WardPatient) => void;
}

function PatientSearch({ roomName, onAdmit }: PatientSearchProps) {
  const { t } = useTranslation(bangsalNs);
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim());
  const patients = useWardPatients(term);
  const tooShort = term.length < 2;

  return (
    <section className="ward-section" aria-labelledby="ward-search">
      <h2 id="ward-search">{t('search.title')}</h2>
      <DeskToolbar>
        <SearchField
          label={t('search.label')}
          hint={t('search.hint')}
          placeholder={t('search.placeholder')}
          search={{ text, setText }}
        />
      </DeskToolbar>
      {!tooShort && (
        <DeskTable labelledBy="ward-search" query={patients} emptyMessage={t('search.empty')}>
          <Column field="mrn" header={t('patient.mrn')} />
          <Column field="name" header={t('patient.name')} />
          {textColumn(t('patient.sex'), (patient: WardPatient) => t(`patient.sexes.${patient.sex}`))}
          {textColumn(t('patient.birthDate'), (patient: WardPatient) =>
            formatBirthDate(patient.birthDate, t('history.emptyValue')),
          )}
          <Column
            header={t('patient.status')}
            body={(patient: WardPatient) =>
              patient.admittedIn
                ? t('search.admittedIn', { room: roomName(patient.admittedIn) })
                : onAdmit && (
                    <RowButton
                      outlined={false}
                      icon="pi pi-sign-in"
                      label={t('search.admit')}
                      aria-label={t('search.admitLabel', { name: patient.name })}
                      onClick={() => onAdmit(patient)}
                    />
                  )
            }
          />
        </DeskTable>
      )}
    </section>
  );
}

interface InpatientsProps {
  rooms: readonly RoomBeds[];
  /** Left out where no stay is changed here (linked mode). */
  actions?: {
    onTransfer: (admission: CurrentAdmission) => void;
    onDischarge: (admission: CurrentAdmission) => void;
    onDpjp: (admission: CurrentAdmission) => void;
  };
}

function Inpatients({ rooms, actions }: InpatientsProps) {
  const { t } = useTranslation(bangsalNs);
  const filterId = useId();
  const [room, setRoom] = useState('');
  const admissions = useAdmissions(room || null);

  return (
    <section className="ward-section" aria-labelledby="ward-inpatients">
      <h2 id="ward-inpatients">{t('inpatients.title')}</h2>
      <DeskToolbar count={admissions.data && t('inpatients.count', { count: admissions.data.length })}>
        <FormField id={filterId} label={t('inpatients.filter')}>
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
        </FormField>
      </DeskToolbar>
      <DeskTable
        labelledBy="ward-inpatients"
        query={admissions}
        pageSize={PAGE_SIZE}
        emptyMessage={t('inpatients.empty')}
      >
        <Column
          field="registrationNo"
          header={t('inpatients.columns.registrationNo')}
          headerClassName="ward-registration"
          bodyClassName="ward-registration"
        />
        <Column
          header={t('inpatients.columns.patient')}
          body={(admission: CurrentAdmission) => (
            <PersonCell name={admission.patient.name} note={admission.patient.mrn} />
          )}
        />
        {textColumn(t('inpatients.columns.room'), (admission: CurrentAdmission) => admission.room.name)}
        {textColumn(t('inpatients.columns.bed'), (admission: CurrentAdmission) =>
          admission.bed === null ? t('inpatients.noBed') : String(admission.bed),
        )}
        {textColumn(
          t('inpatients.columns.dpjp'),
          (admission: CurrentAdmission) => admission.dpjp?.name ?? t('inpatients.noDpjp'),
        )}
        {dateTimeColumn(
          t('inpatients.columns.admittedAt'),
          (admission: CurrentAdmission) => admission.admittedAt,
        )}
        {actions &&
          actionsColumn(t('inpatients.columns.actions'), (admission: CurrentAdmission) => [
            {
              icon: 'pi pi-arrow-right-arrow-left',
              label: t('inpatients.transfer'),
              'aria-label': t('inpatients.transferLabel', { name: admission.patient.name }),
              onClick: () => actions.onTransfer(admission),
            },
            {
              icon: 'pi pi-user-edit',
              label: t('inpatients.dpjp'),
              'aria-label': t('inpatients.dpjpLabel', { name: admission.patient.name }),
              onClick: () => actions.onDpjp(admission),
            },
            {
              severity: 'danger',
              icon: 'pi pi-sign-out',
              label: t('inpatients.discharge'),
              'aria-label': t('inpatients.dischargeLabel', { name: admission.patient.name }),
              onClick: () => actions.onDischarge(admission),
            },
          ])}
      </DeskTable>
    </section>
  );
}
