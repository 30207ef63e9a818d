export default {
  'team.pending': '旅游团管理的这个页面尚未上线，将随旅游团管理模块的版本提供。',
} satisfies Record<string, string>;
