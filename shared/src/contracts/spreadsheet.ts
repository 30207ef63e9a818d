// Spreadsheet import and export (issue #6; reused by every section with import/download):
// the formats, the limits and the per-row, per-field report an all-or-nothing import answers.
import { z } from 'zod';

export const SPREADSHEET_FORMATS = ['xlsx', 'csv'] as const;
export type SpreadsheetFormat = (typeof SPREADSHEET_FORMATS)[number];

export const SPREADSHEET_LIMITS = {
  /** Data rows one import may hold (issue #6: up to 10 000 rows). */
  maxRows: 10_000,
  /** Upload size; a larger file is refused with 413 before it is read. */
  maxBytes: 10 * 1024 * 1024,
  /**
   * What an xlsx (a zip) may unpack to, checked before it is parsed (issue #12: a 306 KB file
   * inflating to 100 MB stalled the server). 10 000 rows of the widest sheet are ~7 MB of XML.
   */
  maxUnpackedBytes: 64 * 1024 * 1024,
  maxUnpackedEntryBytes: 32 * 1024 * 1024,
  /** Failing fields listed in one report; the count says how many there were in all. */
  maxReportedErrors: 500,
} as const;

/** `?format=` of template and export downloads. */
export const spreadsheetFormatQuery = z.strictObject({
  format: z.enum(SPREADSHEET_FORMATS).default('xlsx'),
});

/** One failing field of one row, with the message in the caller's language. */
export const importRowError = z.object({
  /** Row number as the spreadsheet shows it (the header is row 1). */
  row: z.number(),
  /** Field key of the row contract (e.g. `dailyCapacity`); '' for a whole-row problem. */
  field: z.string(),
  /** Column header as the file has it, for the person reading the report. */
  column: z.string(),
  message: z.string(),
  /** The cell as read, shortened, to help find it. */
  value: z.string().optional(),
});
export type ImportRowError = z.infer<typeof importRowError>;

/** The answer of an import: every row validated first; nothing written unless all pass. */
export const importReport = z.object({
  ok: z.boolean(),
  /** Data rows found in the file. */
  total: z.number(),
  /** Rows written (0 whenever `ok` is false: all or nothing). */
  imported: z.number(),
  /** Rows with at least one failing field. */
  failedRows: z.number(),
  /** Failing fields, at most SPREADSHEET_LIMITS.maxReportedErrors of them. */
  errors: z.array(importRowError),
  /** Failing fields in all (may exceed `errors.length`). */
  errorCount: z.number(),
  /** Columns of the file that match no field (ignored). */
  unknownColumns: z.array(z.string()),
});
export type ImportReport = z.infer<typeof importReport>;

/**
 * An import's phases in turn (issue 26 item 16): reading the file, checking every row (the
 * contract, then the list's own checks), writing them (one transaction: all or nothing).
 */
export const IMPORT_PHASES = ['read', 'check', 'write'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

/** GET <list>/import/progress: the caller's import under way (null when none). */
export const importProgress = z.object({
  phase: z.enum(IMPORT_PHASES),
  startedAt: z.string(),
  /** Data rows in the file (0 until it is read). */
  rowsTotal: z.number(),
  rowsRead: z.number(),
  rowsChecked: z.number(),
  /** Rows written; they commit together, so this goes from 0 to the total at once. */
  rowsWritten: z.number(),
});
export type ImportProgress = z.infer<typeof importProgress>;

/** Texts of the problems the importer itself finds (before any row contract runs). */
export const SPREADSHEET_MESSAGES = {
  missingColumn: {
    'zh-CN': '缺少必需的列「{column}」',
    'en-US': 'Required column "{column}" is missing',
  },
  noRows: { 'zh-CN': '文件中没有数据行', 'en-US': 'The file has no data rows' },
} as const;
