import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useMutation } from './useMutation';

function setUp() {
  const sent: string[] = [];
  const answers: Array<() => void> = [];
  const mutationFn = (message: string) =>
    new Promise<string>((resolve) => {
      sent.push(message);
      answers.push(() => resolve(`stored: ${message}`));
    });
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useMutation({ mutationFn }), { wrapper });
  return { result, sent, answer: () => answers.shift()?.() };
}

describe('useMutation', () => {
  it('sends a double click once, tells its caller the outcome, and sends again once it is answered', async () => {
    const { result, sent, answer } = setUp();
    const onSuccess = vi.fn();
    act(() => {
      result.current.mutate('Terima kasih, sudah kami tindak lanjuti.', { onSuccess });
      result.current.mutate('Terima kasih, sudah kami tindak lanjuti.', { onSuccess });
    });
    await waitFor(() => expect(result.current.isPending).toBe(true));
    expect(sent).toHaveLength(1);

    act(() => answer());
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(onSuccess.mock.calls[0]?.[0]).toBe('stored: Terima kasih, sudah kami tindak lanjuti.');

    act(() => result.current.mutate('Jawaban kedua'));
    await waitFor(() => expect(sent).toEqual(['Terima kasih, sudah kami tindak lanjuti.', 'Jawaban kedua']));
  });

  it('sends again after a refusal', async () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const mutationFn = vi.fn(() => Promise.reject(new Error('Ditolak')));
    const { result } = renderHook(() => useMutation({ mutationFn }), { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));
    act(() => result.current.mutate());
    await waitFor(() => expect(mutationFn).toHaveBeenCalledTimes(2));
  });
});
