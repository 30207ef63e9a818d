// The settings-drawer object (seed §2, §3 defaults, §4 rules), saved per user by
// `PUT /api/user/settings` and returned by `GET /api/user/info` as `settings`.
import { z } from 'zod';
import { textSchema } from './validation';

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const MENU_WIDTH_MIN = 160;
export const MENU_WIDTH_MAX = 400;

// Recursive, so a named component of the OpenAPI document (`id`), referenced where it nests.
const serverMenuItem: z.ZodType<{ key: string; path: string; children?: unknown[] }> = z
  .lazy(() =>
    z.strictObject({
      key: textSchema().max(128),
      path: textSchema().max(256),
      children: z.array(serverMenuItem).max(100).optional(),
    }),
  )
  .meta({ id: 'SavedMenuItem' });

const savedServerMenu = z.array(serverMenuItem).max(100);

export const userSettingsSchema = z.strictObject({
  theme: z.enum(['light', 'dark']),
  colorWeak: z.boolean(),
  navbar: z.boolean(),
  menu: z.boolean(),
  topMenu: z.boolean(),
  hideMenu: z.boolean(),
  menuCollapse: z.boolean(),
  footer: z.boolean(),
  themeColor: textSchema().regex(HEX_COLOR, 'hexColor'),
  menuWidth: z.number().int().min(MENU_WIDTH_MIN).max(MENU_WIDTH_MAX),
  globalSettings: z.boolean(),
  device: z.enum(['desktop', 'mobile']),
  tabBar: z.boolean(),
  menuFromServer: z.boolean(),
  serverMenu: savedServerMenu.default([]),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/**
 * `PUT /api/user/settings`: every setting of the drawer; the saved server menu only when sent
 * (absent: it stays as saved). The drawer holds the server menu as session state
 * (`POST /api/user/menu`) and never sends it (issue 25, form round trip).
 */
export const userSettingsBody = userSettingsSchema.extend({
  serverMenu: savedServerMenu.optional(),
});
export type UserSettingsBody = z.input<typeof userSettingsBody>;
