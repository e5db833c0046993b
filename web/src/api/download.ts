import i18n from '../i18n';
import { ApiError, readErrorBody } from './client';

/** Hands a downloaded file to the browser to save. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Downloads a CSV export of the API and saves it as `fileName`; a refusal (session ended, a bad filter) is an
 * error to show, not a file.
 */
export async function downloadCsv(path: string, fileName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { Accept: 'text/csv' } });
  } catch {
    throw new ApiError(0, { code: 'NETWORK_ERROR', message: i18n.t('errors.network') });
  }
  if (!response.ok) throw new ApiError(response.status, await readErrorBody(response));
  saveFile(await response.blob(), fileName);
}
