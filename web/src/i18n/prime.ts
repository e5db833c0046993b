/**
 * Labels PrimeReact gives its own controls (a toast's close button, a table's paginator). PrimeReact reads
 * them from its own locale, not from i18next: components/PrimeScope.tsx hands them over. `{page}` is
 * PrimeReact's placeholder syntax.
 */
export const primeAria = {
  close: 'Tutup',
  firstPageLabel: 'Halaman pertama',
  prevPageLabel: 'Halaman sebelumnya',
  nextPageLabel: 'Halaman berikutnya',
  lastPageLabel: 'Halaman terakhir',
  pageLabel: 'Halaman {page}',
  rowsPerPageLabel: 'Baris per halaman',
};
