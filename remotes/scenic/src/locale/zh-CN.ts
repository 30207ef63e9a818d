export default {
  'scenic.pending': '景点管理的这个页面尚未上线，将随景点管理模块的版本提供。',
} satisfies Record<string, string>;
