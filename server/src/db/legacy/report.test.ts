import { describe, expect, it } from 'vitest';
import { emptyReport, type ImportReport } from './import.js';
import { renderReport } from './report.js';

const run = (tables: ImportReport['tables']): ImportReport => ({
  folder: '/srv/ekspor',
  apply: false,
  run: 7,
  // 01.30 in Jakarta, still the evening before in UTC.
  startedAt: new Date('2025-07-04T18:30:00Z'),
  seconds: 12,
  tables,
});

describe('legacy import report', () => {
  it('opens with the files that are missing or failed and what to do, before the conflicts', () => {
    const visits = {
      ...emptyReport('bil_rj_xbjalan.csv', 'checked'),
      read: 3,
      rejected: 3,
      conflicts: 1,
      rejections: [
        {
          file: 'bil_rj_xbjalan.csv',
          line: 2,
          key: 'RJ1',
          column: 'norekmed',
          reason: 'pasien 000001 tidak ada',
          value: '000001',
        },
        {
          file: 'bil_rj_xbjalan.csv',
          line: 3,
          key: 'RJ2',
          column: 'noreg',
          reason: 'RJ2 sudah ada di portal (dibuat di portal); baris tidak diterapkan',
          value: 'RJ2',
          conflict: true,
        },
      ],
    };
    const text = renderReport(
      run([
        emptyReport('master_pasien.csv', 'missing'),
        { ...emptyReport('master_dokter.csv', 'failed'), error: 'header tidak terbaca: berkas kosong' },
        visits,
      ]),
    );
    const opening = text.indexOf('## Berkas tidak ada atau gagal: 2');
    expect(opening).toBeGreaterThan(0);
    expect(opening).toBeLessThan(text.indexOf('## Bentrok dengan data portal'));
    expect(text).toContain('| master_pasien.csv | berkas tidak ada | ekspor ulang tabel ini |');
    expect(text).toContain(
      '| master_dokter.csv | GAGAL: header tidak terbaca: berkas kosong | ekspor ulang tabel ini |',
    );
  });

  it('says nothing of missing files when every file was read', () => {
    expect(renderReport(run([emptyReport('master_pasien.csv', 'checked')]))).not.toContain(
      'Berkas tidak ada atau gagal',
    );
  });

  it("gives its start in the hospital's time", () => {
    const text = renderReport(run([emptyReport('master_pasien.csv', 'checked')]));
    expect(text).toContain('- Mulai: Sabtu, 5 Juli 2025 pukul 01.30 WIB; lama 12.0 detik');
    expect(text).not.toContain('2025-07-04T18:30');
  });
});
