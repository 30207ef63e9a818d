// Texts of copies, itinerary templates and the work order (issue 29 items 2, 3), both locales
// side by side so neither misses a key.
const texts = {
  'team.copy.action': ['复制', 'Copy'],
  'team.copy.title': ['复制团队 {code}', 'Copy team {code}'],
  'team.copy.hint': [
    '新团队为草稿，使用新的团号，不带导游；日期和行程一起移动。',
    'The copy is a draft with a new team code and no guides; its itinerary moves with its dates.',
  ],
  'team.copy.offset': ['日期移动（天）', 'Move the dates by (days)'],
  'team.copy.newPeriod': ['新团期：{start} ~ {end}', 'New period: {start} ~ {end}'],
  'team.copy.confirmCapacity': ['仍然复制', 'Copy anyway'],
  'team.copy.done': ['已复制为 {code}', 'Copied as {code}'],
  'team.template.menu': ['行程模板', 'Itinerary templates'],
  'team.template.saveAs': ['存为模板', 'Save as template'],
  'team.template.saveTitle': [
    '把 {code} 的行程存为模板',
    'Keep the itinerary of {code} as a template',
  ],
  'team.template.name': ['模板名称', 'Template name'],
  'team.template.saved': ['已保存模板“{name}”', 'Saved template “{name}”'],
  'team.template.noItinerary': ['团队还没有行程', 'The team has no itinerary yet'],
  'team.template.search': ['模板名称或景点', 'Template name or spot'],
  'team.template.days': ['天数', 'Days'],
  'team.template.daysValue': ['{days} 天', '{days, plural, one {# day} other {# days}}'],
  'team.template.items': ['行程项', 'Visits'],
  'team.template.spots': ['景点', 'Spots'],
  'team.template.source': ['来源团队', 'From team'],
  'team.template.createdBy': ['创建人', 'Created by'],
  'team.template.createdAt': ['创建时间', 'Created'],
  'team.template.start': ['用此模板新建团', 'New team from it'],
  'team.template.delete': ['删除', 'Delete'],
  'team.template.deleteConfirm': [
    '确定删除模板“{name}”吗？删除后不能恢复。',
    'Delete template “{name}”? This cannot be undone.',
  ],
  'team.template.deleted': ['已删除模板', 'Template deleted'],
  'team.template.empty': [
    '还没有行程模板：在团队详情中“存为模板”',
    'No templates yet: use “Save as template” on a team',
  ],
  'team.template.using': [
    '使用模板“{name}”（{days} 天）：填写基本信息后，行程按模板预先排好。',
    'From template “{name}” ({days} days): after the basic information, the itinerary is laid out from it.',
  ],
  'team.template.dropped': [
    '模板中有 {count} 项超出本团团期，未带入',
    '{count} visits of the template fall after this team ends and were left out',
  ],
  'team.workOrder.action': ['派工单', 'Work order'],
  'team.workOrder.for': ['{name}（{role}）的派工单', 'Work order of {name} ({role})'],
  'team.workOrder.title': ['导游派工单', 'Guide work order'],
  'team.workOrder.print': ['打印', 'Print'],
  'team.workOrder.back': ['返回团队', 'Back to the team'],
  'team.workOrder.notFound': [
    '该导游不在本团的在岗导游中',
    'That guide is not an active guide of this team',
  ],
  'team.workOrder.team': ['团队', 'Team'],
  'team.workOrder.guide': ['导游', 'Guide'],
  'team.workOrder.covered': ['带团日期', 'Days covered'],
  'team.workOrder.role': ['角色', 'Role'],
  'team.workOrder.phone': ['电话', 'Phone'],
  'team.workOrder.otherGuides': ['同团其他导游', 'Other guides of the team'],
  'team.workOrder.noOtherGuides': ['无', 'None'],
  'team.workOrder.itinerary': ['逐日行程', 'Day by day'],
  'team.workOrder.day': ['第 {n} 天 · {date}', 'Day {n} · {date}'],
  'team.workOrder.nothingPlanned': ['当天未安排景点', 'Nothing planned this day'],
  'team.workOrder.time': ['时间', 'Time'],
  'team.workOrder.spot': ['景点', 'Spot'],
  'team.workOrder.address': ['地址', 'Address'],
  'team.workOrder.hours': ['开放时间', 'Opening hours'],
  'team.workOrder.notes': ['备注', 'Notes'],
  'team.workOrder.printedAt': ['打印时间 {at}', 'Printed {at}'],
  'team.workOrder.signature': ['导游签字', 'Guide’s signature'],
} as const satisfies Record<string, readonly [string, string]>;

const pick = (i: 0 | 1) =>
  Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, v[i]])) as Record<
    keyof typeof texts,
    string
  >;

export const templateMessages = { 'zh-CN': pick(0), 'en-US': pick(1) };
