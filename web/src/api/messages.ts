import type {
  MessageKind,
  MessagePreview,
  MessageTemplate,
  MessageTemplateInput,
  OptOut,
  OptOutInput,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, apiPost, apiSend } from './client';
import { useRefreshingMutation } from './queryClient';
import { useMutation } from './useMutation';

// The WhatsApp texts to patients and the numbers that opted out: kept by admins.
const templatesKey = ['message-templates'] as const;
const optOutsKey = ['whatsapp-opt-outs'] as const;

export function useMessageTemplates() {
  return useQuery({
    queryKey: templatesKey,
    queryFn: ({ signal }) => apiFetch<MessageTemplate[]>('/api/admin/message-templates', { signal }),
    meta: { staffOnly: true },
  });
}

export function useSaveTemplate() {
  return useRefreshingMutation(
    ({ kind, input }: { kind: MessageKind; input: MessageTemplateInput }) =>
      apiSend<MessageTemplate>('PUT', `/api/admin/message-templates/${kind}`, input),
    [templatesKey],
  );
}

/** Back to the built-in text, from a closed confirmation: a refusal goes to the error toast. */
export function useResetTemplate() {
  return useRefreshingMutation(
    (kind: MessageKind) =>
      apiFetch<MessageTemplate>(`/api/admin/message-templates/${kind}`, { method: 'DELETE' }),
    [templatesKey],
    { inlineErrors: false },
  );
}

/** A text being edited, as a patient would read it (a sample booking). */
export function usePreviewTemplate() {
  return useMutation({
    mutationFn: ({ kind, input }: { kind: MessageKind; input: MessageTemplateInput }) =>
      apiPost<MessagePreview>(`/api/admin/message-templates/${kind}/preview`, input),
    meta: { inlineErrors: true },
  });
}

export function useOptOuts() {
  return useQuery({
    queryKey: optOutsKey,
    queryFn: ({ signal }) => apiFetch<OptOut[]>('/api/admin/whatsapp-opt-outs', { signal }),
    meta: { staffOnly: true },
  });
}

export function useAddOptOut() {
  return useRefreshingMutation(
    (input: OptOutInput) => apiPost<null>('/api/admin/whatsapp-opt-outs', input),
    [optOutsKey],
  );
}

export function useRemoveOptOut() {
  return useRefreshingMutation(
    (phone: string) =>
      apiFetch<void>(`/api/admin/whatsapp-opt-outs/${encodeURIComponent(phone)}`, { method: 'DELETE' }),
    [optOutsKey],
    { inlineErrors: false },
  );
}
