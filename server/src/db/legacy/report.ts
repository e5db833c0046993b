import { formatLocalDateTime } from '../../lib/dates.js';
import { fixNames } from './row.js';
import type { ImportReport, TableReport, TableStatus } from './import.js';
import type { Rejection } from './table.js';

// The report the IT officer keeps: per file what was read, written and turned away, in Markdown, with
// every rejected row in a CSV beside it. Reasons name columns and values of the row, never a password.

export const statusText: Record<TableStatus, string> = {
  imported: 'diimpor',
  checked: 'diperiksa (uji coba, tidak ditulis)',
  failed: 'GAGAL: tidak ada yang ditulis',
  stopped: 'dihentikan: tidak ada yang ditulis',
  missing: 'berkas tidak ada',
};

/** A file of which the run read nothing: not in the folder, or stopped before its turn. */
export const notStarted = (t: TableReport) =>
  t.status === 'missing' || (t.status === 'stopped' && t.read === 0);

const number = (n: number) => n.toLocaleString('id-ID');
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

export function renderReport(report: ImportReport, rejectsFile?: string): string {
  const mode = report.apply
    ? `Impor (\`--apply\`, nomor impor ${report.run}): setiap berkas yang berstatus "diimpor" sudah tersimpan.`
    : 'Uji coba (tanpa `--apply`): tidak ada yang ditulis ke basis data. Angka baru/diperbarui adalah apa yang akan terjadi.';
  const conflicts = report.tables.flatMap((t) => t.rejections.filter((r) => r.conflict));
  const conflictCount = report.tables.reduce((sum, t) => sum + t.conflicts, 0);
  const notices = report.tables.flatMap((t) => t.notices);
  const lines = [
    '# Laporan impor data portal lama',
    '',
    `- Folder: \`${report.folder}\``,
    `- Mulai: ${formatLocalDateTime(report.startedAt)}; lama ${report.seconds.toFixed(1)} detik`,
    `- ${mode}`,
    ...(rejectsFile
      ? [
          `- Semua baris yang ditolak, dan data yang diterima tanpa satu nilai (ditandai "perlu dilengkapi" di data pasien): \`${rejectsFile}\``,
        ]
      : []),
  ];
  const stopped = report.tables.filter((t) => t.status === 'stopped');
  if (stopped.length > 0) {
    lines.push(
      '',
      `## Impor dihentikan sebelum selesai: ${number(stopped.length)} berkas tidak ditulis`,
      '',
      report.apply
        ? `Berkas berstatus "diimpor" sudah tersimpan; dari berkas "dihentikan" (${stopped.map((t) => t.file).join(', ')}) tidak ada yang ditulis. Jalankan perintah yang sama lagi: baris yang sudah masuk diperbarui, tidak digandakan.`
        : `Uji coba dihentikan: berkas "dihentikan" (${stopped.map((t) => t.file).join(', ')}) belum diperiksa. Jalankan uji coba lagi sampai selesai.`,
    );
  }
  // A missing or failed file leaves every row that refers to it rejected further down (visits of
  // patients that are "tidak ada"): said first, with what to do.
  const unread = report.tables.filter((t) => t.status === 'missing' || t.status === 'failed');
  if (unread.length > 0) {
    lines.push(
      '',
      `## Berkas tidak ada atau gagal: ${number(unread.length)}`,
      '',
      'Tidak ada satu baris pun dari berkas ini yang masuk, dan baris berkas lain yang merujuk ke isinya ditolak. Ekspor ulang tabel ini ke folder ekspor (lihat docs/legacy-import.md), lalu jalankan impor lagi.',
      '',
      '| Berkas | Status | Tindakan |',
      '|---|---|---|',
      ...unread.map(
        (t) =>
          `| ${t.file} | ${t.status === 'missing' ? 'berkas tidak ada' : `GAGAL: ${cell(t.error ?? '')}`} | ekspor ulang tabel ini |`,
      ),
    );
  }
  if (conflictCount > 0) {
    const more = conflictCount > conflicts.length ? ` (${number(conflicts.length)} pertama)` : '';
    lines.push(
      '',
      `## Bentrok dengan data portal: ${number(conflictCount)} baris tidak diterapkan${more}`,
      '',
      'Baris ini cocok dengan data yang dibuat atau diubah di portal sesudah impor sebelumnya. Data portal dibiarkan; periksa siapa yang benar dan perbaiki di portal atau di sistem lama.',
      '',
      rejectionTableHeader,
      ...conflicts.map(rejectionRow),
    );
  }
  if (notices.length > 0) {
    lines.push(
      '',
      `## Perlu tindakan: ${number(notices.length)}`,
      '',
      '| Berkas | Baris | Kunci | Keterangan |',
      '|---|---:|---|---|',
    );
    for (const n of notices) lines.push(`| ${n.file} | ${n.line} | ${cell(n.key)} | ${cell(n.text)} |`);
  }
  lines.push(
    '',
    '## Ringkasan',
    '',
    '| Berkas | Status | Dibaca | Baru | Diperbarui | Tetap | Ditolak | Bentrok |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...report.tables.map(
      (t) =>
        `| ${t.file} | ${statusText[t.status]} | ${number(t.read)} | ${number(t.inserted)} | ${number(t.updated)} | ${number(t.unchanged)} | ${number(t.rejected - t.conflicts)} | ${number(t.conflicts)} |`,
    ),
  );
  for (const t of report.tables) {
    const fixes = Object.entries(t.fixes);
    const others = t.rejections.filter((r) => !r.conflict);
    if (notStarted(t)) continue;
    lines.push('', `## ${t.file}`, '');
    lines.push(
      `${statusText[t.status]}; pengodean ${t.encoding ?? '-'}, pemisah ${t.separator === '\t' ? 'tab' : `"${t.separator ?? '-'}"`}, ${t.seconds.toFixed(1)} detik.`,
    );
    if (t.error) lines.push('', `Galat: ${t.error}`);
    if (fixes.length > 0) {
      lines.push('', 'Perbaikan otomatis:', '');
      for (const [kind, count] of fixes)
        lines.push(`- ${fixNames[kind as keyof typeof fixNames]}: ${number(count)}`);
    }
    if (others.length > 0) {
      const rejected = t.rejected - t.conflicts;
      const more = rejected > others.length ? ` (${number(others.length)} pertama)` : '';
      lines.push('', `Baris ditolak${more}:`, '', rejectionTableHeader, ...others.map(rejectionRow));
    }
  }
  return `${lines.join('\n')}\n`;
}

const rejectionTableHeader =
  '| Berkas | Baris | Kunci | Kolom | Alasan | Nilai |\n|---|---:|---|---|---|---|';
const rejectionRow = (r: Rejection) =>
  `| ${r.file} | ${r.line} | ${cell(r.key || '-')} | ${cell(r.column || '-')} | ${cell(r.reason)} | ${cell(r.value)} |`;

/**
 * One rejected row (or flagged field, see `Rejection.flagged`) as a line of the rejects CSV (semicolon
 * separated, quoted). A value that a spreadsheet would run as a formula (`=`, `+`, `-`, `@` first) is
 * written with a leading `'`.
 */
export function rejectionLine(r: Rejection): string {
  const kind = r.conflict ? 'bentrok' : r.flagged ? 'perlu dilengkapi' : 'ditolak';
  return [r.file, String(r.line), r.key, r.column, r.reason, r.value, kind]
    .map((v) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v))
    .map((v) => `"${v.replace(/"/g, '""')}"`)
    .join(';');
}
export const rejectionHeader = '"berkas";"baris";"kunci";"kolom";"alasan";"nilai";"jenis"';
