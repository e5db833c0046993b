import type { SurveyIndex } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const nrr = (value: number) => ({
  u1: value,
  u2: value,
  u3: value,
  u4: value,
  u5: value,
  u6: value,
  u7: value,
  u8: value,
  u9: value,
});

const index: SurveyIndex = {
  from: '2026-01',
  to: '2026-11',
  rows: [
    {
      month: '2026-11',
      unit: null,
      clinic: null,
      unitName: 'Seluruh Unit',
      respondents: 3,
      nrr: nrr(31 / 9),
      index: (31 * 25) / 9,
      grade: 'B',
    },
    {
      month: '2026-11',
      unit: 'clinic',
      clinic: { id: 4, name: 'Poli Penyakit Dalam' },
      unitName: 'Poli Penyakit Dalam',
      respondents: 3,
      nrr: { ...nrr(3), u1: 11 / 3 },
      index: (31 * 25) / 9,
      grade: 'B',
    },
  ],
  comments: [{ month: '2026-11', unitName: 'Poli Penyakit Dalam', comment: 'Ruang tunggu panas.' }],
};

describe('the satisfaction index (admins)', () => {
  it('shows per unit and month the respondents, each NRR and the index to two decimals, with its letter', async () => {
    setStaffHint();
    const fetchMock = mockApi({
      'GET /api/auth/me': () => sessionWith(['admin']),
      'GET /api/surveys/index': () => index,
    });
    renderApp('/survei-kepuasan');
    const table = await screen.findByRole('table', { name: 'Indeks per Unit dan Bulan' });
    const row = (await within(table).findByRole('cell', { name: 'Poli Penyakit Dalam' })).closest('tr');
    expect(row).toHaveTextContent('3,67');
    expect(row).toHaveTextContent('86,11');
    expect(row).toHaveTextContent('B (Baik)');
    expect(screen.getByRole('img', { name: 'Grafik IKM' })).toBeInTheDocument();
    expect(screen.getByText('Ruang tunggu panas.')).toBeInTheDocument();
    const [request] = requestsTo(fetchMock, 'GET /api/surveys/index');
    expect(new URL(request?.url ?? '', 'http://portal').searchParams.get('to')).toMatch(/^\d{4}-\d{2}$/);
  });
});
