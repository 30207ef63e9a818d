// What the views need of each field of a scenic spot (issue 27; contracts/fields.ts): the
// maintenance form, the list's columns and filters, the detail card, the import/export sheet
// and its template, the server's write list and the section's `scenic.field.*` messages are
// read from here. The declaration order is the sheet's column order (an exported file keeps
// its columns) and, within a group, the form's and the card's.
//
// Ticket prices are stored and sent in fen (SCENIC_LIMITS.priceMax); the sheet keeps fen, its
// header says so (`sheet.unit`); the form shows yuan through its own control and the list and
// card through a slot. One label per field: the sheet's header is the label (with the unit).
import { bi, type FieldSpec, type FieldSpecs } from './fields';
import type { Localized } from './locale';
import { SCENIC_CATEGORY_DICTIONARY, SCENIC_LIMITS, type scenicSpotFields } from './scenic';
import { SCENIC_ENUM_LABELS } from './scenic-labels';

const YES_NO_HINT = bi('是 / 否', 'yes / no');
const FEN = bi('分', 'fen');
const PRICE_HINT = bi('单位：分，≥ 0（60 元填 6000）', 'In fen, ≥ 0 (60 yuan is 6000)');

/** A ticket price (adult, child): in fen, as stored (above); its own label, column, example. */
const ticketPrice = <const C extends NonNullable<FieldSpec['column']>>(
  label: Localized,
  column: C,
  example: string,
) =>
  ({
    label,
    widget: { kind: 'integer', min: 0, max: SCENIC_LIMITS.priceMax },
    group: 'hours',
    span: 8,
    blank: 0,
    column,
    sheet: { unit: FEN, hint: PRICE_HINT, example },
    card: 'slot',
  }) as const satisfies FieldSpec;

/** Form sections and card groups, in the form's order (`scenic.maintenance.group.<group>`). */
export const SCENIC_FORM_GROUPS = ['basic', 'capacity', 'hours', 'guides'] as const;

export const SCENIC_FIELD_SPECS = {
  code: {
    label: bi('编码', 'Code'),
    widget: { kind: 'text', max: SCENIC_LIMITS.codeMax },
    group: 'basic',
    span: 8,
    column: { width: 150, sortable: true, fixedVisible: true },
    sheet: {
      hint: bi(
        `唯一，字母、数字、- 或 _，最多 ${SCENIC_LIMITS.codeMax} 个字符`,
        `Unique; letters, digits, - or _; at most ${SCENIC_LIMITS.codeMax} characters`,
      ),
      example: 'BJ-GUGONG',
      width: 16,
    },
    // The card shows the code whole, on one line (issue #18 item 14).
    card: 'slot',
  },
  name: {
    label: bi('名称', 'Name'),
    widget: { kind: 'text', max: SCENIC_LIMITS.nameMax },
    group: 'basic',
    span: 8,
    column: { width: 200, sortable: true, fixedVisible: true },
    sheet: { example: '故宫博物院', width: 20 },
    // The detail's title.
    card: false,
  },
  grade: {
    label: bi('A 级', 'A-grade'),
    widget: { kind: 'enum', labels: SCENIC_ENUM_LABELS.grade },
    group: 'basic',
    span: 8,
    blank: 'none',
    column: { width: 100, sortable: true },
    sheet: { example: 'AAAAA' },
  },
  category: {
    label: bi('类别', 'Category'),
    widget: { kind: 'dictionary', category: SCENIC_CATEGORY_DICTIONARY },
    group: 'basic',
    span: 8,
    column: { width: 110 },
    sheet: { example: 'museum' },
  },
  province: {
    label: bi('省份', 'Province'),
    widget: { kind: 'text', max: SCENIC_LIMITS.regionMax },
    group: 'basic',
    span: 8,
    sheet: { example: '北京' },
  },
  city: {
    label: bi('城市', 'City'),
    widget: { kind: 'text', max: SCENIC_LIMITS.regionMax },
    group: 'basic',
    span: 8,
    sheet: { example: '北京' },
  },
  address: {
    label: bi('地址', 'Address'),
    widget: { kind: 'text', max: SCENIC_LIMITS.addressMax },
    group: 'basic',
    span: 8,
    blank: '',
    sheet: { example: '东城区景山前街4号', width: 28 },
  },
  latitude: {
    label: bi('纬度', 'Latitude'),
    widget: { kind: 'number', min: -90, max: 90 },
    group: 'basic',
    span: 8,
    sheet: { hint: bi('-90 ~ 90', '-90 to 90'), example: '39.9163' },
  },
  longitude: {
    label: bi('经度', 'Longitude'),
    widget: { kind: 'number', min: -180, max: 180 },
    group: 'basic',
    span: 8,
    sheet: { hint: bi('-180 ~ 180', '-180 to 180'), example: '116.3972' },
  },
  openTime: {
    label: bi('开园时间', 'Opening time'),
    widget: { kind: 'time' },
    group: 'hours',
    span: 8,
    blank: '08:00',
    sheet: { hint: bi('HH:mm', 'HH:mm'), example: '08:30' },
    // With the operation's time zone.
    card: 'slot',
  },
  closeTime: {
    label: bi('闭园时间', 'Closing time'),
    widget: { kind: 'time' },
    group: 'hours',
    span: 8,
    blank: '17:30',
    sheet: { hint: bi('HH:mm，晚于开园时间', 'HH:mm, after the opening time'), example: '17:00' },
    card: 'slot',
  },
  avgVisitMinutes: {
    label: bi('平均游览时长（分钟）', 'Average visit (minutes)'),
    widget: { kind: 'integer', min: 1, max: SCENIC_LIMITS.visitMinutesMax },
    group: 'hours',
    span: 8,
    blank: 120,
    column: { width: 120, hidden: true },
    sheet: { example: '180' },
  },
  dailyCapacity: {
    label: bi('日承载量', 'Daily capacity'),
    widget: { kind: 'integer', min: 1, max: SCENIC_LIMITS.capacityMax },
    group: 'capacity',
    span: 8,
    column: { width: 120, sortable: true },
    sheet: { hint: bi('正整数', 'Positive integer'), example: '30000' },
  },
  instantCapacity: {
    label: bi('瞬时承载量', 'Instantaneous capacity'),
    widget: { kind: 'integer', min: 1, max: SCENIC_LIMITS.capacityMax },
    group: 'capacity',
    span: 8,
    column: { width: 130, sortable: true },
    sheet: {
      hint: bi('正整数，不大于日承载量', 'Positive integer, at most the daily capacity'),
      example: '12000',
    },
  },
  reservationRequired: {
    label: bi('需预约', 'Reservation required'),
    widget: { kind: 'switch' },
    group: 'capacity',
    span: 8,
    blank: false,
    sheet: { hint: YES_NO_HINT, example: '是' },
  },
  certifiedGuidesOnly: {
    label: bi('仅限持证导游', 'Certified guides only'),
    widget: { kind: 'switch' },
    group: 'guides',
    span: 8,
    blank: false,
    sheet: { hint: YES_NO_HINT, example: '否' },
  },
  maxPaxPerGuide: {
    label: bi('每名导游最多带团人数', 'Max pax per guide'),
    widget: { kind: 'integer', min: 1, max: SCENIC_LIMITS.paxPerGuideMax },
    group: 'guides',
    span: 8,
    blank: 30,
    column: { width: 120, hidden: true },
    sheet: { example: '30' },
  },
  priceAdult: ticketPrice(bi('成人票价', 'Adult price'), { width: 130, sortable: true }, '6000'),
  priceChild: ticketPrice(bi('儿童票价', 'Child price'), { width: 130, hidden: true }, '3000'),
  images: {
    label: bi('图片', 'Images'),
    // A list of addresses: one per line on the form (its own control), `;` in the sheet.
    widget: { kind: 'slot' },
    group: 'basic',
    span: 24,
    blank: [],
    placeholder: bi('每行一个图片地址', 'One image address per line'),
    sheet: { type: 'list', hint: bi('多个地址用分号分隔', 'Separate addresses with ;'), width: 30 },
    card: false,
  },
  description: {
    label: bi('简介', 'Description'),
    widget: { kind: 'text', max: SCENIC_LIMITS.descriptionMax, rows: 2 },
    group: 'basic',
    span: 24,
    blank: '',
    sheet: {
      hint: bi(
        `最多 ${SCENIC_LIMITS.descriptionMax} 个字符`,
        `At most ${SCENIC_LIMITS.descriptionMax} characters`,
      ),
      width: 40,
    },
    // A paragraph under the card.
    card: false,
  },
} as const satisfies FieldSpecs<typeof scenicSpotFields>;
export type ScenicField = keyof typeof SCENIC_FIELD_SPECS;
