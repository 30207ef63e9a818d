import type zhCN from './zh-CN';

export default {
  'guide.pending': 'This guide management page has not landed yet; it arrives with the guide management section release.',
} satisfies Record<keyof typeof zhCN, string>;
