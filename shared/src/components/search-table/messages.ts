// The search table's own texts in both locales (it is used by several sections, so it does not
// rely on any section's message files).
import type { Locale } from '../../contracts/locale';

const zhCN = {
  search: '查询',
  reset: '重置',
  create: '新建',
  import: '批量导入',
  download: '下载',
  downloadXlsx: '导出 Excel（当前筛选）',
  downloadCsv: '导出 CSV（当前筛选）',
  density: '密度',
  densityMini: '迷你',
  densitySmall: '偏小',
  densityMedium: '中等',
  densityLarge: '偏大',
  columns: '列设置',
  columnsReset: '重置',
  viewTable: '表格',
  viewCard: '卡片',
  total: '共 {total} 条',
  empty: '暂无数据',
  loadFailed: '数据加载失败',
  retry: '重试',
  importTitle: '批量导入',
  importHint:
    '请按模板填写后上传 xlsx 或 csv 文件，最多 {max} 行。所有行校验通过后才会导入；任何一行有误则全部不导入。',
  templateXlsx: '下载模板（Excel）',
  templateCsv: '下载模板（CSV）',
  chooseFile: '选择文件并导入',
  importing: '正在校验并导入…',
  importOk: '导入成功：共 {imported} 行',
  importRejected: '校验未通过，未导入任何数据',
  importSummary: '共 {total} 行，{failedRows} 行有误，{errorCount} 处错误',
  importMore: '仅显示前 {shown} 处错误',
  unknownColumns: '以下列无法识别，已忽略：{columns}',
  row: '行',
  column: '列',
  message: '问题',
  value: '单元格内容',
  close: '关闭',
  importAgain: '重新选择文件',
};

type Texts = Record<keyof typeof zhCN, string>;

const enUS: Texts = {
  search: 'Search',
  reset: 'Reset',
  create: 'Create',
  import: 'Import',
  download: 'Download',
  downloadXlsx: 'Export Excel (current filter)',
  downloadCsv: 'Export CSV (current filter)',
  density: 'Density',
  densityMini: 'Mini',
  densitySmall: 'Small',
  densityMedium: 'Medium',
  densityLarge: 'Large',
  columns: 'Column settings',
  columnsReset: 'Reset',
  viewTable: 'Table',
  viewCard: 'Cards',
  total: '{total} in total',
  empty: 'No data',
  loadFailed: 'The data could not be loaded',
  retry: 'Retry',
  importTitle: 'Import',
  importHint:
    'Fill in the template and upload an xlsx or csv file of at most {max} rows. Rows are imported only when every row passes; if any row fails, nothing is imported.',
  templateXlsx: 'Template (Excel)',
  templateCsv: 'Template (CSV)',
  chooseFile: 'Choose a file and import',
  importing: 'Validating and importing…',
  importOk: 'Imported {imported} rows',
  importRejected: 'Validation failed; nothing was imported',
  importSummary: '{total} rows, {failedRows} with problems, {errorCount} problems',
  importMore: 'Showing the first {shown} problems',
  unknownColumns: 'These columns were not recognised and were ignored: {columns}',
  row: 'Row',
  column: 'Column',
  message: 'Problem',
  value: 'Cell',
  close: 'Close',
  importAgain: 'Choose another file',
};

export const SEARCH_TABLE_TEXTS: Record<Locale, Texts> = { 'zh-CN': zhCN, 'en-US': enUS };
export type SearchTableTexts = Texts;

/** Fills `{name}` placeholders. */
export const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
