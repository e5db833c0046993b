import '../i18n/zod';
import './forms.css';
import './orders.css';
import './tariffs.css';
import { ambulanceOrderRequestSchema, hearseOrderRequestSchema, type PublicOrder } from '@portal/contract';
import { ORDER_HORIZON_DAYS, type OrderKind } from '@portal/contract/constants';
import { type ChangeEvent, useId, useState } from 'react';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../api/client';
import { useDuty } from '../api/duty';
import { type OrderRequest, useCreateOrder } from '../api/orders';
import { useAmbulanceTariffs } from '../api/tariffs';
import { formatDateTime, formatRupiah, zoneLabel } from '../i18n/format';
import i18n from '../i18n';
import { hospitalLocalInput, ordersNs, toHospitalIso } from '../i18n/orders';
import { FormField } from './FormField';
import { OfficerContact } from './OfficerContact';
import { PrimeScope } from './PrimeScope';
import { RequestConfirmation, RequestForm } from './RequestForm';
import { formatTrackingCode, trackPath } from './trackingCode';
import { useRequestForm } from './useRequestForm';
import { useSentRecord } from './useSentRecord';

export interface OrderFormValues {
  requesterName: string;
  phone: string;
  /** The patient of an ambulance, the deceased of a hearse. */
  personName: string;
  pickupAddress: string;
  destination: string;
  /** As the date-time box gives it: `YYYY-MM-DDTHH:mm`, read on the hospital's clock. */
  scheduledAt: string;
  notes: string;
}

const fieldNames = [
  'requesterName',
  'phone',
  'personName',
  'pickupAddress',
  'destination',
  'scheduledAt',
  'notes',
] as const;
type FieldName = (typeof fieldNames)[number];

const personFieldOf = { ambulance: 'patientName', hearse: 'deceasedName' } as const;

function toRequest(kind: OrderKind, values: OrderFormValues) {
  const notes = values.notes.trim();
  return {
    requesterName: values.requesterName,
    phone: values.phone,
    [personFieldOf[kind]]: values.personName,
    pickupAddress: values.pickupAddress,
    destination: values.destination,
    scheduledAt: toHospitalIso(values.scheduledAt),
    ...(notes ? { notes } : {}),
  };
}

/** The contract's schema of the kind, on the form's own field names (the person's name has one field). */
export function orderResolver(kind: OrderKind): Resolver<OrderFormValues, unknown, OrderRequest> {
  const schema = kind === 'ambulance' ? ambulanceOrderRequestSchema : hearseOrderRequestSchema;
  return async (values) => {
    const result = schema.safeParse(toRequest(kind, values));
    const errors: FieldErrors<OrderFormValues> = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = String(issue.path[0]);
        const name = (key === personFieldOf[kind] ? 'personName' : key) as FieldName;
        errors[name] ??= { type: issue.code, message: issue.message };
      }
    }
    if (!values.scheduledAt)
      errors.scheduledAt = {
        type: 'required',
        message: i18n.t('form.scheduledAtRequired', { ns: ordersNs }),
      };
    if (result.success && Object.keys(errors).length === 0)
      return { values: { kind, ...result.data } as OrderRequest, errors: {} };
    return { values: {}, errors };
  };
}

/** The server's field names (patientName/deceasedName) on the form's. */
function renameFields(error: Error, kind: OrderKind): Error {
  if (!(error instanceof ApiError) || !error.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([key, message]) => [
      key === personFieldOf[kind] ? 'personName' : key,
      message,
    ]),
  );
  return new ApiError(error.status, { code: error.code, message: error.message, fields });
}

/** Ordering an ambulance or a hearse: the form, the on-duty officer for emergencies, then the confirmation. */
export function OrderForm({ kind, route }: { kind: OrderKind; route: string }) {
  const { t } = useTranslation(ordersNs);
  const {
    sent: created,
    show,
    another,
  } = useSentRecord<{ order: PublicOrder; phone: string }>(`portal.${kind}.sent`, (sent) => sent.order.code);

  return (
    <PrimeScope>
      <div className="order-layout">
        {/* First, above the form on a phone: an emergency is a call to the officer on duty, not a form. */}
        <aside className="card order-aside order-aside-first" aria-labelledby="order-emergency">
          <Emergency />
          <p className="order-track-link">
            <Link to={`/${route}/lacak`}>
              <i className="pi pi-search" aria-hidden="true" /> {t('track.link')}
            </Link>
          </p>
        </aside>
        <div className="card">
          {created ? (
            <OrderConfirmation
              order={created.order}
              phone={created.phone}
              route={route}
              onAnother={another}
            />
          ) : (
            <OrderFormView kind={kind} onCreated={(order, phone) => show({ order, phone })} />
          )}
        </div>
      </div>
    </PrimeScope>
  );
}

function Emergency() {
  const { t } = useTranslation(ordersNs);
  const { data } = useDuty();
  const officer = data?.piket ?? null;
  return (
    <>
      <h2 id="order-emergency">{t('emergency.title')}</h2>
      {officer ? (
        <>
          <p>{t('emergency.text')}</p>
          <OfficerContact officer={officer} />
        </>
      ) : (
        <p>{t('emergency.none')}</p>
      )}
    </>
  );
}

function OrderFormView({
  kind,
  onCreated,
}: {
  kind: OrderKind;
  onCreated: (order: PublicOrder, phone: string) => void;
}) {
  const { t } = useTranslation(ordersNs);
  const create = useCreateOrder();
  const { field, control, formError, submit } = useRequestForm({
    ns: ordersNs,
    resolver: orderResolver(kind),
    defaultValues: {
      requesterName: '',
      phone: '',
      personName: '',
      pickupAddress: '',
      destination: '',
      scheduledAt: '',
      notes: '',
    },
    fieldNames,
    send: (request, onError) =>
      create.mutate(request, {
        onSuccess: (order) => onCreated(order, request.phone),
        onError: (error) => onError(renameFields(error, kind)),
      }),
  });
  const now = new Date();
  const min = hospitalLocalInput(now);
  const max = hospitalLocalInput(new Date(now.getTime() + ORDER_HORIZON_DAYS * 24 * 60 * 60_000));

  return (
    <RequestForm ns={ordersNs} formError={formError} sending={create.isPending} onSubmit={submit}>
      <FormField {...field('requesterName')} label={t('form.requesterName')}>
        <input type="text" autoComplete="name" {...control('requesterName')} />
      </FormField>
      <FormField {...field('phone')} label={t('form.phone')} help={t('form.phoneHelp')}>
        <input type="tel" autoComplete="tel" inputMode="tel" {...control('phone', true)} />
      </FormField>
      <FormField
        {...field('personName')}
        label={kind === 'ambulance' ? t('form.patientName') : t('form.deceasedName')}
      >
        <input type="text" {...control('personName')} />
      </FormField>
      <FormField {...field('pickupAddress')} label={t('form.pickupAddress')}>
        <textarea rows={2} {...control('pickupAddress')} />
      </FormField>
      {kind === 'ambulance' ? (
        <FormField {...field('destination')} label={t('form.destination')} help={t('form.destinationHelp')}>
          <AmbulanceDestination {...control('destination', true)} />
        </FormField>
      ) : (
        // Nothing says the ambulance tariff covers the hearse (legacy spec, product): free text only.
        <FormField {...field('destination')} label={t('form.destination')}>
          <input type="text" {...control('destination')} />
        </FormField>
      )}
      <FormField
        {...field('scheduledAt')}
        label={t('form.scheduledAt')}
        help={t('form.scheduledAtHelp', { days: ORDER_HORIZON_DAYS, zone: zoneLabel() })}
      >
        <input type="datetime-local" min={min} max={max} {...control('scheduledAt', true)} />
      </FormField>
      <FormField {...field('notes')} label={t('form.notes')} help={t('form.notesHelp')}>
        <textarea rows={3} {...control('notes', true)} />
      </FormField>
    </RequestForm>
  );
}

/**
 * The destination of an ambulance: the tariff list's destinations offered as the text is typed, and the
 * tariff of the one chosen. Any other destination may still be ordered; its tariff follows from the distance.
 */
function AmbulanceDestination(props: ReturnType<ReturnType<typeof useRequestForm>['control']>) {
  const { t } = useTranslation(ordersNs);
  const listId = useId();
  const tariffs = useAmbulanceTariffs('');
  const [typed, setTyped] = useState('');
  const wanted = typed.trim().toUpperCase();
  const tariff = wanted ? tariffs.data?.find((each) => each.destination.toUpperCase() === wanted) : undefined;
  const statusId = `${props.id}-tariff`;
  return (
    <>
      <input
        type="text"
        list={listId}
        autoComplete="off"
        {...props}
        aria-describedby={[statusId, props['aria-describedby']].filter(Boolean).join(' ')}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          setTyped(event.target.value);
          return props.onChange(event);
        }}
      />
      <datalist id={listId}>
        {tariffs.data?.map((each) => (
          <option key={each.id} value={each.destination}>
            {formatRupiah(each.price)}
          </option>
        ))}
      </datalist>
      <p id={statusId} className="order-tariff" role="status">
        {tariff ? (
          <>
            <strong>{t('form.tariff', { price: formatRupiah(tariff.price) })}</strong>
            {tariff.notes && ` · ${tariff.notes}`}
          </>
        ) : wanted ? (
          t('form.tariffLater')
        ) : null}
      </p>
    </>
  );
}

function OrderConfirmation({
  order,
  phone,
  route,
  onAnother,
}: {
  order: PublicOrder;
  phone: string;
  route: string;
  onAnother: () => void;
}) {
  const { t } = useTranslation(ordersNs);
  return (
    <RequestConfirmation
      ns={ordersNs}
      code={formatTrackingCode(order.code)}
      statusPath={trackPath(route, order.code, phone)}
      onAnother={onAnother}
    >
      <ul className="order-summary">
        <li>{t('confirmation.summary', { kind: t(`kinds.${order.kind}`), patient: order.patientName })}</li>
        <li>
          {t('confirmation.pickup', {
            address: order.pickupAddress,
            time: formatDateTime(order.scheduledAt),
            zone: zoneLabel(),
          })}
        </li>
        <li>{t('confirmation.destination', { destination: order.destination })}</li>
      </ul>
    </RequestConfirmation>
  );
}
