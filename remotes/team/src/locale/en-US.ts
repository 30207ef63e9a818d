import type zhCN from './zh-CN';

export default {
  'team.pending':
    'This team management page has not landed yet; it arrives with the team management section release.',
} satisfies Record<keyof typeof zhCN, string>;
