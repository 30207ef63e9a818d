import type zhCN from './zh-CN';

export default {
  'dashboard.pending':
    'This dashboard page has not landed yet; it arrives with the dashboard section release.',
} satisfies Record<keyof typeof zhCN, string>;
