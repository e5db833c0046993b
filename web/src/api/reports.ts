import type {
  BookingReport,
  BookingReportFilter,
  InpatientReport,
  InpatientReportFilter,
  OutpatientReport,
  OutpatientReportFilter,
  ReportPatientGroup,
} from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from './client';
import { downloadCsv } from './download';
import { useMutation } from './useMutation';

// The hospital-wide lists of the medical records desk: outpatient visits, inpatient stays and bookings.
const reportsKey = ['reports'] as const;

/** The three lists, by their path under /api/reports/. */
export type ReportKind = 'visits' | 'stays' | 'bookings';

interface Filters {
  visits: OutpatientReportFilter;
  stays: InpatientReportFilter;
  bookings: BookingReportFilter;
}
interface Reports {
  visits: OutpatientReport;
  stays: InpatientReport;
  bookings: BookingReport;
}

/** The query string of a filter, the filters left out that are not set. */
function searchOf(values: object): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined) params.set(name, String(value));
  }
  return params.toString();
}

/**
 * One page of a list with its counts per day; asked only while `filter` is whole (null: a range to fix
 * first). The page shown stays until the next has come.
 */
export function useReport<Kind extends ReportKind>(
  kind: Kind,
  filter: Filters[Kind] | null,
  page: { page: number; pageSize: number },
) {
  return useQuery({
    queryKey: [...reportsKey, kind, filter, page],
    queryFn: ({ signal }) =>
      apiFetch<Reports[Kind]>(`/api/reports/${kind}?${searchOf({ ...filter, ...page })}`, { signal }),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
    meta: { staffOnly: true },
  });
}

/** Every row of a list's filter as a CSV file, named after the list and its range. */
export function useExportReport<Kind extends ReportKind>(kind: Kind, fileLabel: string) {
  return useMutation({
    mutationFn: (filter: Filters[Kind]) =>
      downloadCsv(
        `/api/reports/${kind}/export.csv?${searchOf(filter)}`,
        `${fileLabel}_${filter.from}_${filter.to}.csv`,
      ),
  });
}

/** The patient groups a list can be narrowed to. */
export function usePatientGroups() {
  return useQuery({
    queryKey: [...reportsKey, 'patient-groups'],
    queryFn: ({ signal }) => apiFetch<ReportPatientGroup[]>('/api/reports/patient-groups', { signal }),
    staleTime: 10 * 60_000,
    meta: { staffOnly: true },
  });
}
