// The guide's list columns and profile cards are read from GUIDE_FIELD_SPECS (issue 27): a
// field the specs give a column and a card row shows in both without code of its own here.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createIntl, IntlProvider } from 'react-intl';
import type { Guide } from '@console/shared';
import zhCN from '../../locale/zh-CN';
import { guideColumns } from '../list/columns';
import { IdentityCard, LicenceCard } from './ProfileCards';

afterEach(cleanup);

const guide = {
  id: 7,
  code: 'G000007',
  name: '李雷',
  gender: 'male',
  birthDate: '1990-05-01',
  phone: '13812345678',
  email: '',
  emergencyContactName: '韩梅梅',
  emergencyContactPhone: '13900001111',
  wechatId: 'lilei_hz',
  homeCity: '杭州',
  avatar: '',
  employmentType: 'contract',
  licenceNo: 'D-3100-000007',
  licenceType: 'national',
  level: 'senior',
  levelObtainedOn: '2015-03-01',
  licenceExpiry: '2099-12-31',
  maxGroupSize: 40,
  statusReason: '',
} as Guide;

const inZh = (node: React.ReactNode) =>
  render(
    <IntlProvider locale="zh-CN" messages={zhCN}>
      {node}
    </IntlProvider>,
  );

describe('guide views from the field specs', () => {
  it('the identity card shows each field of its groups with labels and coded values', () => {
    inZh(<IdentityCard guide={guide} />);
    expect(screen.getByText('微信号')).toBeTruthy();
    expect(screen.getByTestId('card-wechatId').textContent).toBe('lilei_hz');
    expect(screen.getByTestId('card-employmentType').textContent).toBe('合同导游');
    expect(screen.getByTestId('card-gender').textContent).toBe('男');
    expect(screen.getByTestId('card-email').textContent).toBe('-');
  });

  it('the licence card keeps its slot: the expiry with its validity tag', () => {
    inZh(<LicenceCard guide={guide} />);
    expect(screen.getByTestId('card-level').textContent).toBe('高级');
    expect(screen.getByTestId('card-licenceExpiry').textContent).toContain('2099-12-31');
    expect(screen.getByTestId('licence-tag')).toBeTruthy();
  });

  it('the list has a column per field that declares one, then the derived and action columns', () => {
    const intl = createIntl({ locale: 'zh-CN', messages: zhCN });
    const dict = {
      languages: [],
      specialties: [],
      languageLabel: (v: string) => v,
      specialtyLabel: (v: string) => v,
    };
    const noop = () => {};
    const columns = guideColumns(intl, dict, true, { view: noop, edit: noop, changeStatus: noop });
    expect(columns.map((c) => c.key)).toEqual([
      'code',
      'name',
      'phone',
      'wechatId',
      'homeCity',
      'employmentType',
      'level',
      'licenceExpiry',
      'maxGroupSize',
      'languages',
      'teamsLed',
      'status',
      'operations',
    ]);
    const wechat = columns.find((c) => c.key === 'wechatId')!;
    expect(wechat.title).toBe('微信号');
    // A contact detail, not a planning figure: in the column settings, hidden until shown.
    expect(wechat.defaultHidden).toBe(true);
    const level = columns.find((c) => c.key === 'level')!;
    expect(level.render!('senior', guide, 0)).toBe('高级');
  });
});
