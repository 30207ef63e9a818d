import { describe, expect, it } from 'vitest';
import { AUDIT_SENTENCES, auditSentence, auditValueText } from './audit-sentence';

describe('auditSentence', () => {
  const subject = { name: '卢晓东', code: 'G000120' };

  it('says what was done, in the reader’s language', () => {
    expect(auditSentence({ action: 'user.login', result: 200 }, 'en-US')).toBe('Signed in');
    expect(auditSentence({ action: 'user.login', result: 200 }, 'zh-CN')).toBe('登录');
    expect(auditSentence({ action: 'guide.update', result: 200, subject }, 'en-US')).toBe(
      'Edited guide 卢晓东 (G000120)',
    );
    expect(auditSentence({ action: 'guide.update', result: 200, subject }, 'zh-CN')).toBe(
      '编辑了导游 卢晓东（G000120）',
    );
  });

  it('says a refused request was refused', () => {
    expect(auditSentence({ action: 'guide.update', result: 400, subject }, 'en-US')).toBe(
      'Edit refused: guide 卢晓东 (G000120)',
    );
    expect(auditSentence({ action: 'guide.update', result: 409 }, 'zh-CN')).toBe('编辑导游被拒绝');
  });

  it('reads without a subject and for an action it does not know', () => {
    expect(auditSentence({ action: 'message.readAll', result: 200 }, 'en-US')).toBe(
      'Marked all messages read',
    );
    expect(auditSentence({ action: 'widget.create', result: 200 }, 'en-US')).toBe(
      'Did widget.create',
    );
  });

  it('knows every action the server audits today, in both languages', () => {
    for (const [action, texts] of Object.entries(AUDIT_SENTENCES)) {
      for (const part of [texts.done, texts.refused]) {
        expect(part['zh-CN'], action).not.toBe('');
        expect(part['en-US'], action).not.toMatch(/\p{Script=Han}/u);
      }
    }
  });
});

describe('auditValueText', () => {
  const labels: Record<string, Record<string, string>> = {
    status: { active: '在岗', on_leave: '请假' },
    type: { leave: '事假' },
    proficiency: { native: '母语' },
  };
  const label = (kind: string, code: string) => labels[kind]?.[code];

  it('shows a code as its label', () => {
    expect(auditValueText('status', 'on_leave', label, 'zh-CN')).toBe('请假');
    expect(auditValueText('homeCity', '杭州', label, 'zh-CN')).toBe('杭州');
    expect(auditValueText('status', null, label, 'zh-CN')).toBe('—');
  });

  it('shows a period as its dates, not JSON', () => {
    const period = {
      id: 41,
      type: 'leave',
      startDate: '2026-05-01',
      endDate: '2026-05-03',
      reason: '',
    };
    expect(auditValueText('unavailability', period, label, 'zh-CN')).toBe(
      '事假 2026-05-01 ~ 2026-05-03',
    );
  });

  it('shows languages and certifications readably', () => {
    expect(
      auditValueText('languages', [{ language: 'zh', proficiency: 'native' }], label, 'zh-CN'),
    ).toBe('zh（母语）');
    expect(
      auditValueText(
        'certifications',
        [{ spotId: 3, spotName: '故宫', validUntil: '2027-01-01' }],
        label,
        'en-US',
      ),
    ).toBe('故宫 2027-01-01');
  });
});
