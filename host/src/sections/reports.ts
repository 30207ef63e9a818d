// What this browser meets per section version, reported to the server (issue 30): a section's
// remote failing to load, a render error caught by its boundary, uncaught errors and
// rejections whose stack points into a section's chunks (`/sections/<name>/<version>/…`).
// Gathered and counted for SECTION_REPORT_LIMITS.flushMs, then sent in one batch; nothing is
// sent before sign-in, and a refused batch (401, 429) is dropped, not retried.
import { SECTION_NAMES, type SectionName } from '@console/shared/contracts/menu';
import { CSRF_HEADER, CSRF_HEADER_VALUE, LOCALE_HEADER } from '@console/shared/contracts/envelope';
// Types and constants only: the contract's zod stays out of the boot chunk.
import type { SectionReportKind, SectionReportsBody } from '@console/shared/contracts/sections';
import { storedLocale } from '@console/shared/i18n';
import { loadedVersionOf } from './registry';

export const REPORTS_URL = '/api/sections/reports';
// SECTION_REPORT_LIMITS (contracts/sections.ts), repeated as literals so this boot-time module
// does not import the contract's schemas; the contract test keeps them equal.
export const REPORT_LIMITS = { perBatch: 20, messageMax: 300, flushMs: 2_000, pending: 100 };

type Report = SectionReportsBody['reports'][number];

const pending = new Map<string, Report>();
let timer: ReturnType<typeof setTimeout> | null = null;

/** Counts one occurrence; the batch leaves after REPORT_LIMITS.flushMs. */
export function reportSectionError(
  section: SectionName,
  version: string,
  kind: SectionReportKind,
  error: unknown,
) {
  if (version === 'dev') return;
  const message = messageOf(error);
  const key = `${section}\n${version}\n${kind}\n${message}`;
  const known = pending.get(key);
  if (known) known.count = Math.min(known.count + 1, 1000);
  else if (pending.size < REPORT_LIMITS.pending) {
    pending.set(key, { section, version, kind, message, count: 1 });
  }
  timer ??= setTimeout(() => void flushReports(), REPORT_LIMITS.flushMs);
}

/** Sends what was gathered, in batches of REPORT_LIMITS.perBatch. */
export async function flushReports() {
  timer = null;
  const reports = [...pending.values()];
  pending.clear();
  for (let i = 0; i < reports.length; i += REPORT_LIMITS.perBatch) {
    const batch = reports.slice(i, i + REPORT_LIMITS.perBatch);
    try {
      const response = await fetch(REPORTS_URL, {
        method: 'POST',
        credentials: 'same-origin',
        keepalive: true,
        headers: {
          'content-type': 'application/json',
          [CSRF_HEADER]: CSRF_HEADER_VALUE,
          [LOCALE_HEADER]: storedLocale(),
        },
        body: JSON.stringify({ reports: batch } satisfies SectionReportsBody),
      });
      if (!response.ok) return;
    } catch {
      return;
    }
  }
}

export function messageOf(error: unknown): string {
  const text =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof error === 'string'
        ? error
        : (() => {
            try {
              return JSON.stringify(error) ?? String(error);
            } catch {
              return String(error);
            }
          })();
  // One line, no control characters (the server refuses them), within the contract's length.
  const clean = Array.from(text.replace(/\s+/g, ' ').trim())
    .filter((c) => c >= ' ')
    .join('');
  return clean.slice(0, REPORT_LIMITS.messageMax) || 'Error';
}

const CHUNK = new RegExp(`/sections/(${SECTION_NAMES.join('|')})/([^/\\s)]+)/`);

/** The section version whose chunk a stack (or a script URL) points into, if loaded here. */
export function sectionOfStack(stack: string): { section: SectionName; version: string } | null {
  const match = CHUNK.exec(stack);
  if (!match) return null;
  const section = match[1] as SectionName;
  const version = decodeURIComponent(match[2]);
  return loadedVersionOf(section)?.version === version ? { section, version } : null;
}

let listening = false;

/** Listens for uncaught errors and rejections coming from sections' chunks (once a page). */
export function listenForSectionErrors() {
  if (listening) return;
  listening = true;
  window.addEventListener('error', (event) => {
    const where = sectionOfStack(
      `${(event.error as Error | undefined)?.stack ?? ''}\n${event.filename ?? ''}`,
    );
    if (where)
      reportSectionError(where.section, where.version, 'uncaught', event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as unknown;
    const where = sectionOfStack(reason instanceof Error ? (reason.stack ?? '') : '');
    if (where) reportSectionError(where.section, where.version, 'rejection', reason);
  });
  // What is still gathered leaves with the page.
  window.addEventListener('pagehide', () => void flushReports());
}
