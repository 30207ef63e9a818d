// File transfers through the one HTTP client: spreadsheet downloads (exports, templates) and
// uploads (imports). Errors keep the seed §8 catalogue: the client shows them unless `silent`.
import type { ImportReport } from '../contracts/spreadsheet';
import { http, showApiError } from './client';
import { invalidatesOn, type WriteEvent } from './invalidation';
import { consoleApi } from './rtk';

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

/** The events a spreadsheet import stands for: the lists it adds rows to. */
export type SpreadsheetImportEvent = Extract<
  WriteEvent,
  { type: 'guide.imported' | 'scenic.spot.imported' | 'system.user.imported' }
>;

/** A spreadsheet for an import endpoint (`url`, under /api) and the event its success stands for. */
export interface SpreadsheetImport {
  url: string;
  file: File;
  event: SpreadsheetImportEvent;
}

/** The spreadsheet imports (the search table's import dialog). */
export const spreadsheetImports = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Uploads the spreadsheet. Answers the report whether the import succeeded or was rejected
     * (400 IMPORT_REJECTED carries it: the dialog shows it); other failures are errors the
     * client has shown. All or nothing: only an import that succeeded invalidates its event's
     * tags.
     */
    importSpreadsheet: build.mutation<ImportReport, SpreadsheetImport>({
      async queryFn({ url, file }, _api, _extra, baseQuery) {
        const form = new FormData();
        form.append('file', file, file.name);
        const answer = await baseQuery({ method: 'POST', url, data: form, silent: true });
        if (!answer.error) return { data: answer.data as ImportReport };
        const envelope = answer.error.envelope;
        if (envelope?.error === 'IMPORT_REJECTED' && envelope.data)
          return { data: envelope.data as ImportReport };
        showApiError(answer.error);
        return { error: answer.error };
      },
      invalidatesTags: invalidatesOn((report, { event }) => (report.ok ? [event] : [])),
    }),
  }),
});

export const { useImportSpreadsheetMutation } = spreadsheetImports;
