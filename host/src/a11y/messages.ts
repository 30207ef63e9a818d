// The shell's accessibility strings (issue 28): names for controls that show only an icon, the
// skip link, and the names the Arco corrections (arcoAria.ts) give. Both languages, one shape.
const zhCN = {
  'a11y.skipToContent': '跳到主要内容',
  'a11y.previous': '上一页',
  'a11y.next': '下一页',
  'a11y.selectRow': '选择',
  'a11y.selectAll': '全选',
  'a11y.openTabs': '已打开的页面',
  'a11y.closeTab': '关闭 {title}',
  'a11y.sideMenu': '主菜单',
};

const enUS: Record<keyof typeof zhCN, string> = {
  'a11y.skipToContent': 'Skip to main content',
  'a11y.previous': 'Previous',
  'a11y.next': 'Next',
  'a11y.selectRow': 'Select',
  'a11y.selectAll': 'Select all',
  'a11y.openTabs': 'Open pages',
  'a11y.closeTab': 'Close {title}',
  'a11y.sideMenu': 'Main menu',
};

export const a11yMessages = { 'zh-CN': zhCN, 'en-US': enUS };
