// File transfers through the one HTTP client: spreadsheet downloads (exports, templates) and
// uploads (imports). Errors keep the seed §8 catalogue: the client shows them unless `silent`.
import type { ImportReport } from '../contracts/spreadsheet';
import { apiErrorEnvelope, http, request, showApiError } from './client';

/** Name from `Content-Disposition` (RFC 5987 `filename*` first), else the fallback. */
function fileName(disposition: string | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

/** Downloads `url` (under /api) with `params` and saves it through the browser. */
export async function downloadFile(
  url: string,
  params: Record<string, unknown>,
  fallbackName: string,
): Promise<void> {
  const response = await http.get<Blob>(url, { params, responseType: 'blob' });
  const name = fileName(
    response.headers['content-disposition'] as string | undefined,
    fallbackName,
  );
  const href = URL.createObjectURL(response.data);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * Uploads a spreadsheet to an import endpoint. Resolves with the report whether the import
 * succeeded or was rejected (400 IMPORT_REJECTED carries it); other failures reject after the
 * client has shown their message.
 */
export async function uploadSpreadsheet(url: string, file: File): Promise<ImportReport> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    return await request<ImportReport>({ method: 'POST', url, data: form, silent: true });
  } catch (error) {
    const envelope = apiErrorEnvelope(error);
    if (envelope?.error === 'IMPORT_REJECTED' && envelope.data)
      return envelope.data as ImportReport;
    showApiError(error);
    throw error;
  }
}
