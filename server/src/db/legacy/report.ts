import { fixNames } from './row.js';
import type { ImportReport, TableStatus } from './import.js';
import type { Rejection } from './table.js';

// The report the IT officer keeps: per file what was read, written and turned away, in Markdown, with
// every rejected row in a CSV beside it. Reasons name columns and values of the row, never a password.

export const statusText: Record<TableStatus, string> = {
  imported: 'diimpor',
  checked: 'diperiksa (uji coba, tidak ditulis)',
  failed: 'GAGAL: tidak ada yang ditulis',
  'not-started': 'tidak dijalankan (tabel sebelumnya gagal): tidak tersentuh',
  missing: 'berkas tidak ada',
};

const number = (n: number) => n.toLocaleString('id-ID');
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

export function renderReport(report: ImportReport, rejectsFile?: string): string {
  const mode = report.apply
    ? 'Impor (`--apply`): setiap tabel yang berstatus "diimpor" sudah tersimpan.'
    : 'Uji coba (tanpa `--apply`): tidak ada yang ditulis ke basis data. Angka baru/diperbarui adalah apa yang akan terjadi.';
  const lines = [
    '# Laporan impor data portal lama',
    '',
    `- Folder: \`${report.folder}\``,
    `- Mulai: ${report.startedAt.toISOString()}; lama ${report.seconds.toFixed(1)} detik`,
    `- ${mode}`,
    ...(rejectsFile ? [`- Semua baris yang ditolak: \`${rejectsFile}\``] : []),
    '',
    '| Berkas | Status | Dibaca | Baru | Diperbarui | Tetap | Ditolak |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...report.tables.map(
      (t) =>
        `| ${t.file} | ${statusText[t.status]} | ${number(t.read)} | ${number(t.inserted)} | ${number(t.updated)} | ${number(t.unchanged)} | ${number(t.rejected)} |`,
    ),
  ];
  for (const t of report.tables) {
    const fixes = Object.entries(t.fixes);
    if (t.status === 'missing' || t.status === 'not-started') continue;
    lines.push('', `## ${t.file}`, '');
    lines.push(
      `${statusText[t.status]}; pengodean ${t.encoding ?? '-'}, pemisah "${t.separator ?? '-'}", ${t.seconds.toFixed(1)} detik.`,
    );
    if (t.error) lines.push('', `Galat: ${t.error}`);
    if (fixes.length > 0) {
      lines.push('', 'Perbaikan otomatis:', '');
      for (const [kind, count] of fixes)
        lines.push(`- ${fixNames[kind as keyof typeof fixNames]}: ${number(count)}`);
    }
    if (t.rejections.length > 0) {
      const more = t.rejected > t.rejections.length ? ` (${number(t.rejections.length)} pertama)` : '';
      lines.push('', `Baris ditolak${more}:`, '', '| Baris | Kolom | Alasan |', '|---:|---|---|');
      for (const r of t.rejections)
        lines.push(`| ${r.line} | ${cell(r.column || '-')} | ${cell(r.reason)} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** One rejected row as a line of the rejects CSV (semicolon separated, quoted). */
export function rejectionLine(r: Rejection): string {
  return [r.file, String(r.line), r.column, r.reason].map((v) => `"${v.replace(/"/g, '""')}"`).join(';');
}
export const rejectionHeader = '"berkas";"baris";"kolom";"alasan"';
