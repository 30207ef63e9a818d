import { describe, expect, it } from 'vitest';
import { MESSAGE_TEMPLATES, NOTICE_TEMPLATE, renderMessage, systemMessage } from './message';

describe('renderMessage', () => {
  const todo = systemMessage('guide.licenceExpiring', {
    name: '董天佑',
    code: 'G000048',
    licenceNo: 'D-3100-000048',
    expiry: '2026-12-20',
  });

  it('stores the zh-CN text and renders the reader’s language from the template', () => {
    expect(todo.title).toBe('导游证即将到期：董天佑（G000048）');
    expect(renderMessage(todo, 'en-US')).toEqual({
      title: 'Licence expiring: 董天佑 (G000048)',
      subTitle: 'Expires on 2026-12-20',
      content:
        'The licence D-3100-000048 of 董天佑 (G000048) expires on 2026-12-20; arrange its renewal.',
    });
  });

  it('keeps the stored text of a part the template leaves out (a sender’s name)', () => {
    const msg = systemMessage('team.itineraryUpdated', { team: 'T1' }, { title: '李调度' });
    expect(renderMessage(msg, 'en-US').title).toBe('李调度');
    expect(renderMessage(msg, 'en-US').subTitle).toBe('The itinerary of team T1 was updated');
  });

  it('shows an admin notice in English when it has an English version, else in Chinese', () => {
    const notice = {
      title: '通知',
      subTitle: '王管理',
      content: '内容',
      template: NOTICE_TEMPLATE,
      params: { titleEn: 'Notice', contentEn: '' },
    };
    expect(renderMessage(notice, 'en-US')).toEqual({
      title: 'Notice',
      subTitle: '王管理',
      content: '内容',
    });
    expect(renderMessage(notice, 'zh-CN').title).toBe('通知');
  });

  it('renders a message without (or with an unknown) template as stored', () => {
    const plain = { title: 'a', subTitle: 'b', content: 'c', template: null, params: null };
    expect(renderMessage(plain, 'en-US')).toEqual({ title: 'a', subTitle: 'b', content: 'c' });
    expect(renderMessage({ ...plain, template: 'gone' }, 'en-US').title).toBe('a');
  });

  it('has every template in both languages with the same placeholders', () => {
    for (const template of Object.values(MESSAGE_TEMPLATES)) {
      for (const part of Object.values(template)) {
        const names = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
        expect(names(part['en-US'])).toEqual(names(part['zh-CN']));
      }
    }
  });
});
