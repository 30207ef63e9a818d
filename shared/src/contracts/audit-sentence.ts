// One renderer of audit entries as sentences in the reader's language (issue #18 item 8): the
// user centre's recent activity uses it, and so will the operation log and a team's history.
import type { Locale, Localized } from './locale';
// A type only: this renderer stays zod-free at run time.
import type { AuditSubject } from './audit';

const m = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });

/**
 * Per audit action: the sentence when it succeeded and when it was refused. `{subject}` is
 * what the entry is about (" 卢晓东（G000120）"), empty when unknown.
 */
export const AUDIT_SENTENCES: Record<string, { done: Localized; refused: Localized }> = {
  'user.login': { done: m('登录', 'Signed in'), refused: m('登录失败', 'Sign-in failed') },
  'user.logout': {
    done: m('退出登录', 'Signed out'),
    refused: m('退出登录失败', 'Sign-out failed'),
  },
  'user.switchRole': {
    done: m('切换了角色', 'Switched role'),
    refused: m('切换角色被拒绝', 'Role switch refused'),
  },
  'user.changePassword': {
    done: m('修改了密码', 'Changed the password'),
    refused: m('修改密码被拒绝', 'Password change refused'),
  },
  'user.signOutOthers': {
    done: m('退出了其他会话', 'Signed out the other sessions'),
    refused: m('退出其他会话失败', 'Signing out the other sessions failed'),
  },
  'user.avatar.update': {
    done: m('更换了头像', 'Changed the avatar'),
    refused: m('更换头像被拒绝', 'Avatar change refused'),
  },
  'user.profile.update': {
    done: m('修改了个人资料', 'Edited the profile'),
    refused: m('修改个人资料被拒绝', 'Profile edit refused'),
  },
  'user.settings.update': {
    done: m('保存了界面设置', 'Saved the console settings'),
    refused: m('保存界面设置被拒绝', 'Settings save refused'),
  },
  'user.certification.submit': {
    done: m('提交了认证申请', 'Applied for certification'),
    refused: m('提交认证申请被拒绝', 'Certification application refused'),
  },
  'user.certification.withdraw': {
    done: m('撤回了认证申请', 'Withdrew the certification application'),
    refused: m('撤回认证申请被拒绝', 'Withdrawal refused'),
  },
  'user.certification.approve': {
    done: m('通过了认证申请', 'Approved a certification'),
    refused: m('通过认证申请被拒绝', 'Certification approval refused'),
  },
  'message.read': {
    done: m('阅读了消息', 'Read messages'),
    refused: m('标记消息已读失败', 'Marking messages read failed'),
  },
  'message.readAll': {
    done: m('全部标为已读', 'Marked all messages read'),
    refused: m('全部标为已读失败', 'Marking all read failed'),
  },
  'message.notice.publish': {
    done: m('发布了公告', 'Published a notice'),
    refused: m('发布公告被拒绝', 'Notice publication refused'),
  },
  'guide.create': {
    done: m('新建了导游{subject}', 'Created guide{subject}'),
    refused: m('新建导游被拒绝{subject}', 'Guide creation refused{subject}'),
  },
  'guide.update': {
    done: m('编辑了导游{subject}', 'Edited guide{subject}'),
    refused: m('编辑导游被拒绝{subject}', 'Edit refused: guide{subject}'),
  },
  'guide.status': {
    done: m('变更了导游{subject}的状态', 'Changed the status of guide{subject}'),
    refused: m('变更导游状态被拒绝{subject}', 'Status change refused: guide{subject}'),
  },
  'guide.unavailability.create': {
    done: m('为导游{subject}登记了请假', 'Added leave for guide{subject}'),
    refused: m('登记请假被拒绝{subject}', 'Leave refused: guide{subject}'),
  },
  'guide.unavailability.delete': {
    done: m('删除了导游{subject}的请假', 'Removed leave of guide{subject}'),
    refused: m('删除请假被拒绝{subject}', 'Leave removal refused: guide{subject}'),
  },
  'scenic.spot.create': {
    done: m('新建了景点{subject}', 'Created scenic spot{subject}'),
    refused: m('新建景点被拒绝{subject}', 'Spot creation refused{subject}'),
  },
  'scenic.spot.update': {
    done: m('编辑了景点{subject}', 'Edited scenic spot{subject}'),
    refused: m('编辑景点被拒绝{subject}', 'Edit refused: scenic spot{subject}'),
  },
  'scenic.spot.delete': {
    done: m('删除了景点{subject}', 'Deleted scenic spot{subject}'),
    refused: m('删除景点被拒绝{subject}', 'Deletion refused: scenic spot{subject}'),
  },
  'scenic.window.create': {
    done: m('新建了维护窗口', 'Scheduled a maintenance window'),
    refused: m('新建维护窗口被拒绝', 'Maintenance window refused'),
  },
  'scenic.window.update': {
    done: m('修改了维护窗口', 'Edited a maintenance window'),
    refused: m('修改维护窗口被拒绝', 'Maintenance window edit refused'),
  },
  'scenic.window.delete': {
    done: m('删除了维护窗口', 'Deleted a maintenance window'),
    refused: m('删除维护窗口被拒绝', 'Maintenance window deletion refused'),
  },
  'scenic.gateKey.create': {
    done: m('创建了闸机密钥', 'Created a gate key'),
    refused: m('创建闸机密钥被拒绝', 'Gate key creation refused'),
  },
  'scenic.gateKey.revoke': {
    done: m('吊销了闸机密钥', 'Revoked a gate key'),
    refused: m('吊销闸机密钥被拒绝', 'Gate key revocation refused'),
  },
  'team.create': {
    done: m('新建了团队{subject}', 'Created team{subject}'),
    refused: m('新建团队被拒绝{subject}', 'Team creation refused{subject}'),
  },
  'team.update': {
    done: m('编辑了团队{subject}的信息', 'Edited the information of team{subject}'),
    refused: m('编辑团队被拒绝{subject}', 'Edit refused: team{subject}'),
  },
  'team.itinerary': {
    done: m('保存了团队{subject}的行程', 'Saved the itinerary of team{subject}'),
    refused: m('保存行程被拒绝{subject}', 'Itinerary refused: team{subject}'),
  },
  'team.transition': {
    done: m('变更了团队{subject}的状态', 'Changed the status of team{subject}'),
    refused: m('变更团队状态被拒绝{subject}', 'Status change refused: team{subject}'),
  },
  'team.status.pending': {
    done: m('将团队{subject}提交待分配', 'Submitted team{subject} for allocation'),
    refused: m('提交待分配被拒绝{subject}', 'Submission refused: team{subject}'),
  },
  'team.status.draft': {
    done: m('将团队{subject}退回草稿', 'Returned team{subject} to draft'),
    refused: m('退回草稿被拒绝{subject}', 'Return to draft refused: team{subject}'),
  },
  'team.status.allocated': {
    done: m('团队{subject}已分配导游', 'Team{subject} became allocated'),
    refused: m('分配被拒绝{subject}', 'Allocation refused: team{subject}'),
  },
  'team.status.ongoing': {
    done: m('团队{subject}开始出团', 'Team{subject} started'),
    refused: m('开始出团被拒绝{subject}', 'Start refused: team{subject}'),
  },
  'team.status.completed': {
    done: m('团队{subject}已完成', 'Team{subject} completed'),
    refused: m('完成团队被拒绝{subject}', 'Completion refused: team{subject}'),
  },
  'team.status.cancelled': {
    done: m('取消了团队{subject}', 'Cancelled team{subject}'),
    refused: m('取消团队被拒绝{subject}', 'Cancellation refused: team{subject}'),
  },
  'team.assignment.create': {
    done: m('为团队{subject}分配了导游', 'Assigned a guide to team{subject}'),
    refused: m('分配导游被拒绝{subject}', 'Guide assignment refused{subject}'),
  },
  'team.assignment.replace': {
    done: m('更换了团队{subject}的导游', 'Replaced the guide of team{subject}'),
    refused: m('更换导游被拒绝{subject}', 'Guide replacement refused{subject}'),
  },
  'team.assignment.remove': {
    done: m('移除了团队{subject}的导游', 'Removed a guide from team{subject}'),
    refused: m('移除导游被拒绝{subject}', 'Guide removal refused{subject}'),
  },
  'allocation.rules.update': {
    done: m('修改了导游分配规则', 'Changed the guide allocation rules'),
    refused: m('修改导游分配规则被拒绝', 'Allocation rules change refused'),
  },
  'allocation.plan.create': {
    done: m('生成了导游分配计划{subject}', 'Made a guide allocation plan{subject}'),
    refused: m('生成导游分配计划被拒绝', 'Allocation plan refused'),
  },
  'allocation.plan.commit': {
    done: m('提交了导游分配计划{subject}', 'Committed a guide allocation plan{subject}'),
    refused: m('提交导游分配计划被拒绝{subject}', 'Allocation plan commit refused{subject}'),
  },
  'team.copy': {
    done: m('复制出了团队{subject}', 'Copied a team into team{subject}'),
    refused: m('复制团队被拒绝{subject}', 'Team copy refused{subject}'),
  },
  'team.template.create': {
    done: m('把行程存为了模板{subject}', 'Saved an itinerary as template{subject}'),
    refused: m('保存行程模板被拒绝{subject}', 'Saving an itinerary template refused{subject}'),
  },
  'team.template.delete': {
    done: m('删除了行程模板{subject}', 'Deleted itinerary template{subject}'),
    refused: m('删除行程模板被拒绝{subject}', 'Itinerary template deletion refused{subject}'),
  },
  'team.feedback': {
    done: m('记录了团队{subject}的反馈', 'Recorded feedback on team{subject}'),
    refused: m('记录反馈被拒绝{subject}', 'Feedback refused{subject}'),
  },
  'scenic.flow.ingest': {
    done: m('上报了客流{subject}', 'Reported visitor flow{subject}'),
    refused: m('客流上报被拒绝{subject}', 'Visitor flow report refused{subject}'),
  },
  'monitor.chat.send': {
    done: m('在调度聊天中发了消息', 'Posted in the dispatch chat'),
    refused: m('调度聊天消息被拒绝', 'Dispatch chat message refused'),
  },
  'monitor.chat.star': {
    done: m('收藏或取消收藏了聊天消息', 'Starred or unstarred a chat message'),
    refused: m('收藏聊天消息被拒绝', 'Starring a chat message refused'),
  },
  'system.sections.publish': {
    done: m('发布了模块版本', 'Published a section version'),
    refused: m('发布模块版本被拒绝', 'Section publish refused'),
  },
  'backup.create': {
    done: m('创建了备份', 'Created a backup'),
    refused: m('创建备份被拒绝', 'Backup refused'),
  },
  'backup.delete': {
    done: m('删除了备份', 'Deleted a backup'),
    refused: m('删除备份被拒绝', 'Backup deletion refused'),
  },
  'backup.restore': {
    done: m('从备份恢复了数据', 'Restored from a backup'),
    refused: m('恢复备份被拒绝', 'Restore refused'),
  },
  'system.sections.pin': {
    done: m('固定了模块版本', 'Pinned a section version'),
    refused: m('固定模块版本被拒绝', 'Section pin refused'),
  },
  'system.sections.rollback': {
    done: m('回滚了模块版本', 'Rolled a section back'),
    refused: m('回滚模块版本被拒绝', 'Section rollback refused'),
  },
  // Canaries (issue 30).
  'system.sections.canary': {
    done: m('开始了模块灰度', 'Started a section canary'),
    refused: m('开始模块灰度被拒绝', 'Section canary refused'),
  },
  'system.sections.widen': {
    done: m('扩大了模块灰度', 'Widened a section canary'),
    refused: m('扩大模块灰度被拒绝', 'Widening a section canary refused'),
  },
  'system.sections.promote': {
    done: m('将模块灰度推全', 'Promoted a section canary'),
    refused: m('模块灰度推全被拒绝', 'Promoting a section canary refused'),
  },
  'system.sections.abort': {
    done: m('中止了模块灰度', 'Aborted a section canary'),
    refused: m('中止模块灰度被拒绝', 'Aborting a section canary refused'),
  },
  'system.sections.auto-abort': {
    done: m('按错误率自动回滚了模块灰度', 'Rolled a section canary back on its error rate'),
    refused: m('自动回滚模块灰度未完成', 'Automatic canary rollback did not complete'),
  },
  'system.sections.environment.create': {
    done: m('新建了环境', 'Created an environment'),
    refused: m('新建环境被拒绝', 'Environment creation refused'),
  },
  // User and role management (issue #15).
  'system.user.create': {
    done: m('新建了用户{subject}', 'Created user{subject}'),
    refused: m('新建用户被拒绝', 'User creation refused'),
  },
  'system.user.update': {
    done: m('修改了用户{subject}', 'Edited user{subject}'),
    refused: m('修改用户被拒绝{subject}', 'User edit refused{subject}'),
  },
  'system.user.delete': {
    done: m('删除了用户{subject}', 'Deleted user{subject}'),
    refused: m('删除用户被拒绝{subject}', 'User deletion refused{subject}'),
  },
  'system.user.enable': {
    done: m('启用了用户{subject}', 'Enabled user{subject}'),
    refused: m('启用或停用用户被拒绝{subject}', 'Enabling or disabling refused{subject}'),
  },
  'system.user.disable': {
    done: m('停用了用户{subject}', 'Disabled user{subject}'),
    refused: m('停用用户被拒绝{subject}', 'Disabling refused{subject}'),
  },
  'system.user.unlock': {
    done: m('解除了用户锁定{subject}', 'Unlocked user{subject}'),
    refused: m('解除用户锁定被拒绝{subject}', 'Unlock refused{subject}'),
  },
  'system.user.resetPassword': {
    done: m('重置了用户密码{subject}', 'Reset the password of user{subject}'),
    refused: m('重置用户密码被拒绝{subject}', 'Password reset refused{subject}'),
  },
  'system.user.revokeSession': {
    done: m('注销了用户会话{subject}', 'Revoked a session of user{subject}'),
    refused: m('注销用户会话被拒绝{subject}', 'Session revocation refused{subject}'),
  },
  'system.role.create': {
    done: m('新建了角色{subject}', 'Created role{subject}'),
    refused: m('新建角色被拒绝', 'Role creation refused'),
  },
  'system.role.update': {
    done: m('修改了角色{subject}', 'Edited role{subject}'),
    refused: m('修改角色被拒绝{subject}', 'Role edit refused{subject}'),
  },
  'system.role.delete': {
    done: m('删除了角色{subject}', 'Deleted role{subject}'),
    refused: m('删除角色被拒绝{subject}', 'Role deletion refused{subject}'),
  },
  'property.create': {
    done: m('新增了属性项', 'Added a property item'),
    refused: m('新增属性项被拒绝', 'Property item creation refused'),
  },
  'property.update': {
    done: m('修改了属性项', 'Edited a property item'),
    refused: m('修改属性项被拒绝', 'Property item edit refused'),
  },
  'property.delete': {
    done: m('删除了属性项', 'Deleted a property item'),
    refused: m('删除属性项被拒绝', 'Property item deletion refused'),
  },
  'property.reorder': {
    done: m('调整了属性项顺序', 'Reordered property items'),
    refused: m('调整属性项顺序被拒绝', 'Property reorder refused'),
  },
  'systemConfig.update': {
    done: m('修改了系统配置', 'Changed the system configuration'),
    refused: m('修改系统配置被拒绝', 'System configuration change refused'),
  },
  'audit.verify': {
    done: m('校验了操作日志哈希链', 'Verified the operation log’s hash chain'),
    refused: m('校验操作日志被拒绝', 'Operation log verification refused'),
  },
  'audit.purge': {
    done: m('清理了过期的操作日志', 'Purged expired operation log rows'),
    refused: m('清理操作日志失败', 'Operation log purge failed'),
  },
};

const FALLBACK = {
  done: m('执行了操作 {action}', 'Did {action}'),
  refused: m('操作 {action} 被拒绝', '{action} refused'),
};

export interface AuditEntryLike {
  action: string;
  result: number;
  subject?: AuditSubject | null;
}

function subjectText(subject: AuditSubject | null | undefined, locale: Locale): string {
  if (!subject?.name) return '';
  if (!subject.code) return ` ${subject.name}`;
  return locale === 'zh-CN'
    ? ` ${subject.name}（${subject.code}）`
    : ` ${subject.name} (${subject.code})`;
}

/** An audit entry as one readable sentence in `locale` (a result of 400 or more: refused). */
export function auditSentence(entry: AuditEntryLike, locale: Locale): string {
  const texts = AUDIT_SENTENCES[entry.action] ?? FALLBACK;
  const text = (entry.result >= 400 ? texts.refused : texts.done)[locale];
  return text
    .replace('{subject}', subjectText(entry.subject, locale))
    .replace('{action}', entry.action)
    .trim();
}

/**
 * Looks up the label of a coded value: `kind` is the field it came from (`status`, `type`,
 * `proficiency` …); undefined when there is none (the value is then shown as written).
 */
export type AuditValueLabel = (kind: string, code: string) => string | undefined;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A changed value of an audit diff as the reader sees it (issue #18 item 12c): codes as their
 * labels, a period as its dates, lists joined — never raw JSON.
 */
export function auditValueText(
  field: string,
  value: unknown,
  label: AuditValueLabel,
  locale: Locale,
): string {
  if (value === null || value === undefined || value === '') return '—';
  const sep = locale === 'zh-CN' ? '、' : ', ';
  if (Array.isArray(value)) {
    return value.length ? value.map((v) => auditValueText(field, v, label, locale)).join(sep) : '—';
  }
  if (typeof value === 'string') return label(field, value) ?? value;
  if (!isRecord(value)) return String(value);
  const text = (kind: string, v: unknown) =>
    typeof v === 'string' ? (label(kind, v) ?? v) : v === null || v === undefined ? '' : String(v);
  if (typeof value.startDate === 'string' && typeof value.endDate === 'string') {
    const kind = value.type === undefined ? '' : `${text('type', value.type)} `;
    return `${kind}${value.startDate} ~ ${value.endDate}`;
  }
  if (typeof value.language === 'string') {
    const level = value.proficiency === undefined ? '' : text('proficiency', value.proficiency);
    const name = text('language', value.language);
    if (!level) return name;
    return locale === 'zh-CN' ? `${name}（${level}）` : `${name} (${level})`;
  }
  if (value.spotId !== undefined) {
    const spot =
      typeof value.spotName === 'string' && value.spotName
        ? value.spotName
        : `#${String(value.spotId)}`;
    return typeof value.validUntil === 'string' ? `${spot} ${value.validUntil}` : spot;
  }
  return Object.entries(value)
    .filter(([k]) => k !== 'id')
    .map(([k, v]) => `${k}: ${text(k, v)}`)
    .join(sep);
}
