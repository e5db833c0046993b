import type { PublicSurvey, SurveyAnswers, SurveyIndex } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiPost } from './client';
import { downloadCsv } from './download';
import { useMutation } from './useMutation';

// The satisfaction survey (SKM): the patient's link, and the index for admins.
const surveyKey = (token: string) => ['surveys', 'public', token] as const;

export function usePublicSurvey(token: string) {
  return useQuery({
    queryKey: surveyKey(token),
    queryFn: ({ signal }) =>
      apiFetch<PublicSurvey>(`/api/public/surveys/${encodeURIComponent(token)}`, { signal }),
    retry: false,
    meta: { inlineErrors: true },
  });
}

export function useSubmitSurvey(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: SurveyAnswers) =>
      apiPost<{ submitted: true }>(`/api/public/surveys/${encodeURIComponent(token)}`, answers),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveyKey(token) }),
    meta: { inlineErrors: true },
  });
}

const periodSearch = (from: string, to: string) => new URLSearchParams({ from, to }).toString();

export function useSurveyIndex(from: string, to: string) {
  return useQuery({
    queryKey: ['surveys', 'index', from, to],
    queryFn: ({ signal }) =>
      apiFetch<SurveyIndex>(`/api/surveys/index?${periodSearch(from, to)}`, { signal }),
    enabled: from <= to,
    meta: { staffOnly: true },
  });
}

/** The index as CSV; a refusal (session ended, bad months) is an error to show, not a file. */
export function useDownloadSurveyIndex() {
  return useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }) =>
      downloadCsv(`/api/surveys/index.csv?${periodSearch(from, to)}`, `indeks-kepuasan-${from}-${to}.csv`),
  });
}
