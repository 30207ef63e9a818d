export default {
  'guide.pending': '导游管理的这个页面尚未上线，将随导游管理模块的版本提供。',
} satisfies Record<string, string>;
