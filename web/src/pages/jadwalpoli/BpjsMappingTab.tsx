import './BpjsMappingTab.css';
import type { BpjsMapping, BpjsReference } from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBpjsMapping, useBpjsReference } from '../../api/bpjs';
import { useSimrsLinked } from '../../api/system';
import { actionsColumn, DeskTable } from '../../components/DeskTable';
import { errorText } from '../../components/serverErrors';
import { SimrsOwnedNote } from '../../components/SimrsOwnedNote';
import { BpjsMappingDialog, type BpjsOption, type MappedRow, type MappingKind } from './BpjsMappingDialog';
import { BpjsScheduleCheck } from './BpjsScheduleCheck';
import { jadwalPoliNs } from './i18n';
import { JknCredentialsCard } from './JknCredentialsCard';
import { activeColumn } from './ReferenceHead';

const PAGE_SIZE = 20;

type MappedClinic = BpjsMapping['clinics'][number];
type MappedDoctor = BpjsMapping['doctors'][number];

/** What is left to map comes first; otherwise the server's order (by name) stays. */
function unmappedFirst<T extends MappedRow>(rows: readonly T[] | undefined): T[] | undefined {
  return rows && [...rows].sort((a, b) => Number(a.bpjsCode !== null) - Number(b.bpjsCode !== null));
}

/** Active clinics or doctors not mapped yet: Mobile JKN cannot book them. */
function unmappedCount(rows: readonly { active: boolean; bpjsCode: string | null }[]): number {
  return rows.filter((row) => row.active && row.bpjsCode === null).length;
}

/** BPJS's list for one kind of row, as the dialog offers it and the tables check codes against it. */
function optionsOf(reference: BpjsReference | undefined, kind: MappingKind): BpjsOption[] | undefined {
  if (!reference) return undefined;
  return kind === 'clinic'
    ? reference.poli.map(({ code, name, poliName }) => ({
        code,
        name,
        label: name === poliName ? `${code} — ${name}` : `${code} — ${name} (${poliName})`,
      }))
    : reference.dokter.map(({ code, name }) => ({ code, name, label: `${code} — ${name}` }));
}

/**
 * The admin's link between the hospital's clinics and doctors and BPJS's codes, which Mobile JKN uses: what is
 * left to map, the mapping itself (checked against BPJS's lists once fetched), a check of BPJS's doctor
 * schedules against the hospital's, and the credentials given to BPJS. In linked mode the mapping is the
 * SIMRS's, shown and checked here but changed there.
 */
export function BpjsMappingTab({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation(jadwalPoliNs, { keyPrefix: 'bpjs' });
  const ids = { clinics: useId(), doctors: useId(), referenceHelp: useId() };
  const mapping = useBpjsMapping();
  const [referenceWanted, setReferenceWanted] = useState(false);
  const reference = useBpjsReference(referenceWanted);
  const [editing, setEditing] = useState<{ kind: MappingKind; row: MappedRow } | null>(null);
  const linked = useSimrsLinked();

  const configured = mapping.data?.configured ?? false;
  const options = {
    clinic: optionsOf(reference.data, 'clinic'),
    doctor: optionsOf(reference.data, 'doctor'),
  };
  const clinicName = (id: number) => mapping.data?.clinics.find((clinic) => clinic.id === id)?.name;
  const unmapped = mapping.data && {
    clinics: unmappedCount(mapping.data.clinics),
    doctors: unmappedCount(mapping.data.doctors),
  };

  const fetchReference = () => {
    if (referenceWanted) void reference.refetch();
    else setReferenceWanted(true);
  };

  const codeColumn = (kind: MappingKind) => (
    <Column
      header={t(kind === 'clinic' ? 'clinics.columns.bpjsCode' : 'doctors.columns.bpjsCode')}
      body={(row: MappedRow) => (
        <BpjsCodeCell
          code={row.bpjsCode}
          known={options[kind]?.some((option) => option.code === row.bpjsCode)}
        />
      )}
    />
  );
  const mapColumn = (kind: MappingKind) =>
    !linked &&
    actionsColumn(
      t(kind === 'clinic' ? 'clinics.columns.actions' : 'doctors.columns.actions'),
      (row: MappedRow) => [
        {
          icon: 'pi pi-link',
          label: t('map'),
          'aria-label': t(kind === 'clinic' ? 'clinics.mapLabel' : 'doctors.mapLabel', { name: row.name }),
          onClick: () => setEditing({ kind, row }),
        },
      ],
    );

  return (
    <div className="bpjs-mapping">
      <p className="form-help">{t('intro')}</p>
      {linked && <SimrsOwnedNote what={t('simrsOwned')} />}
      {unmapped &&
        (unmapped.clinics + unmapped.doctors > 0 ? (
          <Message className="bpjs-summary" severity="warn" text={t('summary.unmapped', unmapped)} />
        ) : (
          <Message className="bpjs-summary" severity="success" text={t('summary.allMapped')} />
        ))}

      <div className="bpjs-reference">
        <Button
          type="button"
          icon="pi pi-cloud-download"
          label={t('reference.fetch')}
          outlined
          disabled={!configured}
          loading={reference.isFetching}
          aria-describedby={ids.referenceHelp}
          onClick={fetchReference}
        />
        <p id={ids.referenceHelp} className="form-help">
          {mapping.data && !configured ? t('reference.notConfigured') : t('reference.hint')}
        </p>
      </div>
      {reference.error && (
        <Message className="bpjs-reference-result" severity="error" text={errorText(reference.error)} />
      )}
      {reference.data && (
        <p className="bpjs-reference-result" role="status">
          {t('reference.loaded', { poli: reference.data.poli.length, dokter: reference.data.dokter.length })}
        </p>
      )}

      <section className="bpjs-section" aria-labelledby={ids.clinics}>
        <h2 id={ids.clinics}>{t('clinics.title')}</h2>
        <DeskTable
          labelledBy={ids.clinics}
          query={mapping}
          rows={unmappedFirst(mapping.data?.clinics)}
          emptyMessage={t('clinics.empty')}
        >
          <Column field="code" header={t('clinics.columns.code')} />
          <Column field="name" header={t('clinics.columns.name')} />
          {codeColumn('clinic')}
          <Column
            header={t('clinics.columns.bpjsName')}
            body={(clinic: MappedClinic) => clinic.bpjsName ?? ''}
          />
          {activeColumn(t('clinics.columns.active'))}
          {mapColumn('clinic')}
        </DeskTable>
      </section>

      <section className="bpjs-section" aria-labelledby={ids.doctors}>
        <h2 id={ids.doctors}>{t('doctors.title')}</h2>
        <DeskTable
          labelledBy={ids.doctors}
          query={mapping}
          rows={unmappedFirst(mapping.data?.doctors)}
          emptyMessage={t('doctors.empty')}
          pageSize={PAGE_SIZE}
        >
          <Column field="name" header={t('doctors.columns.name')} />
          <Column
            header={t('doctors.columns.clinic')}
            body={(doctor: MappedDoctor) => clinicName(doctor.clinicId) ?? ''}
          />
          {codeColumn('doctor')}
          <Column
            header={t('doctors.columns.bpjsName')}
            body={(doctor: MappedDoctor) => doctor.bpjsName ?? ''}
          />
          {activeColumn(t('doctors.columns.active'))}
          {mapColumn('doctor')}
        </DeskTable>
      </section>

      <BpjsScheduleCheck clinics={mapping.data?.clinics ?? []} configured={configured} />
      <JknCredentialsCard onDone={onDone} />

      {editing && (
        <BpjsMappingDialog
          key={`${editing.kind}-${editing.row.id}`}
          kind={editing.kind}
          row={editing.row}
          options={options[editing.kind]}
          onClose={() => setEditing(null)}
          onSaved={(input) => {
            const { kind, row } = editing;
            setEditing(null);
            if (input.bpjsCode === null) {
              onDone(
                t(kind === 'clinic' ? 'done.clinicUnmapped' : 'done.doctorUnmapped', { name: row.name }),
              );
            } else {
              onDone(
                t(kind === 'clinic' ? 'done.clinicMapped' : 'done.doctorMapped', {
                  name: row.name,
                  code: input.bpjsCode,
                }),
              );
            }
          }}
        />
      )}
    </div>
  );
}

/** A row's BPJS code: not mapped yet, or the code, marked when BPJS's fetched list lacks it. */
function BpjsCodeCell({ code, known }: { code: string | null; known: boolean | undefined }) {
  const { t } = useTranslation(jadwalPoliNs, { keyPrefix: 'bpjs' });
  if (code === null) return <Tag severity="warning" value={t('notMapped')} />;
  return (
    <span className="bpjs-code">
      {code}
      {known === false && <Tag severity="danger" value={t('notInReference')} />}
    </span>
  );
}
