import type zhCN from './zh-CN';

export default {
  'scenic.pending': 'This scenic management page has not landed yet; it arrives with the scenic management section release.',
} satisfies Record<keyof typeof zhCN, string>;
