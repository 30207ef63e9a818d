// The labels of the team's coded fields in both languages: one copy, read by the team
// section's locale messages, the server's messages (illegal transitions) and its exports.
import type { Localized } from './locale';
import type { AssignmentRole, AssignmentStatus, TeamStatus } from './team';

const bi = (zh: string, en: string): Localized => ({ 'zh-CN': zh, 'en-US': en });

export const TEAM_ENUM_LABELS = {
  status: {
    draft: bi('草稿', 'Draft'),
    pending: bi('待分配', 'Waiting for a guide'),
    allocated: bi('已分配', 'Allocated'),
    ongoing: bi('进行中', 'Ongoing'),
    completed: bi('已完成', 'Completed'),
    cancelled: bi('已取消', 'Cancelled'),
  } satisfies Record<TeamStatus, Localized>,
  role: {
    local_guide: bi('地陪', 'Local guide'),
    narrator: bi('讲解员', 'Narrator'),
    assistant: bi('助理', 'Assistant'),
  } satisfies Record<AssignmentRole, Localized>,
  assignmentStatus: {
    active: bi('有效', 'Active'),
    replaced: bi('已替换', 'Replaced'),
    cancelled: bi('已移除', 'Removed'),
  } satisfies Record<AssignmentStatus, Localized>,
} as const;

/** The labels as `team.<field>.<code>` locale messages. */
export function teamEnumMessages(locale: keyof Localized): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, codes] of Object.entries(TEAM_ENUM_LABELS))
    for (const [code, label] of Object.entries(codes as Record<string, Localized>))
      out[`team.${field}.${code}`] = label[locale];
  return out;
}
