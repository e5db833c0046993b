import type { PatientReadPage } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionWith, setStaffHint } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

const reads: PatientReadPage = {
  total: 1,
  items: [
    {
      id: 7,
      at: '2026-12-01T02:15:00.000Z',
      kind: 'report',
      staff: { id: 3, name: 'Rosmiati Latif, A.Md.RMIK', username: 'rosmiati' },
      patient: null,
      // As the database keeps a record's criteria: its own order, "to" before "from".
      criteria: { to: '2026-12-31', from: '2026-12-01', list: 'visits' },
      address: '10.0.0.21',
    },
  ],
};

describe('the patient data access log', () => {
  it("says what a list was read for in the screen's order, its dates as the screen writes them", async () => {
    setStaffHint();
    mockApi({
      'GET /api/auth/me': () => sessionWith(['admin']),
      'GET /api/patient-reads': () => reads,
    });
    renderApp('/jejak-akses');
    const table = await screen.findByRole('table');
    expect(
      await within(table).findByText('Daftar: Rawat jalan · Dari: 1 Des 2026 · Sampai: 31 Des 2026'),
    ).toBeInTheDocument();
  });
});
