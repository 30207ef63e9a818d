export default {
  'dashboard.pending': '仪表盘的这个页面尚未上线，将随仪表盘模块的版本提供。',
} satisfies Record<string, string>;
