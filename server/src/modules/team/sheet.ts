// The team list as a spreadsheet (export only: teams are created through the step form, whose
// itinerary a row could not carry). One column per field the list and detail show; coded
// fields exported as their labels in the caller's language (team-labels.ts; agency, market and
// language from their dictionaries, looked up per request).
import { z } from 'zod';
import {
  TEAM_AGENCY_CATEGORY,
  TEAM_ENUM_LABELS,
  TEAM_LANGUAGE_CATEGORY,
  TEAM_MARKET_CATEGORY,
  TEAM_STATUSES,
  type Localized,
} from '@console/shared';
import { defineSheet, type SheetOption } from '../../lib/spreadsheet/sheet';

const bi = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });

const statusOptions: SheetOption[] = TEAM_STATUSES.map((value) => ({
  value,
  label: TEAM_ENUM_LABELS.status[value],
}));

/** One exported team (what TeamService.exportRows gives). */
export const teamExportRow = z.object({
  code: z.string(),
  name: z.string(),
  status: z.enum(TEAM_STATUSES),
  agency: z.string(),
  agencyRef: z.string(),
  market: z.string(),
  language: z.string(),
  vip: z.boolean(),
  paxAdults: z.number(),
  paxChildren: z.number(),
  paxSeniors: z.number(),
  pax: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  guides: z.array(z.string()),
  leadContactName: z.string(),
  leadContactPhone: z.string(),
  escortName: z.string(),
  escortPhone: z.string(),
  pickupPoint: z.string(),
  pickupTime: z.string(),
  notes: z.string(),
});
export type TeamExportRow = z.infer<typeof teamExportRow>;

export const teamSheet = defineSheet({
  name: 'teams',
  title: bi('团队', 'Teams'),
  row: teamExportRow,
  columns: [
    { key: 'code', header: bi('团号', 'Team code'), type: 'string', width: 16 },
    { key: 'name', header: bi('团名', 'Name'), type: 'string', width: 20 },
    { key: 'status', header: bi('状态', 'Status'), type: 'string', options: statusOptions },
    {
      key: 'agency',
      header: bi('组团社', 'Agency'),
      type: 'string',
      width: 14,
      dictionary: TEAM_AGENCY_CATEGORY,
    },
    { key: 'agencyRef', header: bi('组团社团号', 'Agency reference'), type: 'string', width: 16 },
    {
      key: 'market',
      header: bi('客源市场', 'Market'),
      type: 'string',
      dictionary: TEAM_MARKET_CATEGORY,
    },
    {
      key: 'language',
      header: bi('语种', 'Language'),
      type: 'string',
      dictionary: TEAM_LANGUAGE_CATEGORY,
    },
    { key: 'vip', header: bi('VIP', 'VIP'), type: 'boolean', width: 8 },
    { key: 'paxAdults', header: bi('成人', 'Adults'), type: 'integer', width: 8 },
    { key: 'paxChildren', header: bi('儿童', 'Children'), type: 'integer', width: 8 },
    { key: 'paxSeniors', header: bi('老人', 'Seniors'), type: 'integer', width: 8 },
    { key: 'pax', header: bi('总人数', 'Pax'), type: 'integer', width: 8 },
    { key: 'startDate', header: bi('开始日期', 'Start date'), type: 'date', width: 12 },
    { key: 'endDate', header: bi('结束日期', 'End date'), type: 'date', width: 12 },
    { key: 'guides', header: bi('导游', 'Guides'), type: 'list', width: 20 },
    { key: 'leadContactName', header: bi('联系人', 'Lead contact'), type: 'string' },
    { key: 'leadContactPhone', header: bi('联系电话', 'Contact phone'), type: 'string', width: 14 },
    { key: 'escortName', header: bi('全陪', 'Escort'), type: 'string' },
    { key: 'escortPhone', header: bi('全陪电话', 'Escort phone'), type: 'string', width: 14 },
    { key: 'pickupPoint', header: bi('接团地点', 'Pickup point'), type: 'string', width: 20 },
    { key: 'pickupTime', header: bi('接团时间', 'Pickup time'), type: 'string', width: 10 },
    { key: 'notes', header: bi('备注', 'Notes'), type: 'string', width: 30 },
  ],
});
