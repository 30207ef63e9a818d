// Issue 26 items 3, 4 and 8: what the allocation page says is words, not codes — the score
// breakdown's facts by their labels, the plan's quality in the page's units (total score
// against its bound) and each hard rule's card with a real description.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { ALLOCATION_RULES, type ScorePart } from '@console/shared';
import zhCN from '../../locale/zh-CN';
import enUS from '../../locale/en-US';
import { ScoreBreakdown } from './ScoreBreakdown';
import { planQuality } from './timeline';

afterEach(cleanup);

const breakdown: ScorePart[] = [
  { preference: 'fairness', weight: 30, value: 0.9, contribution: 27, fact: 3 },
  { preference: 'rating', weight: 25, value: 0.8, contribution: 20, fact: 4.5 },
  { preference: 'continuity', weight: 20, value: 0, contribution: 0, fact: 'no' },
  { preference: 'language', weight: 15, value: 0.67, contribution: 10, fact: 'fluent' },
  { preference: 'homeCity', weight: 10, value: 1, contribution: 10, fact: '成都' },
];

function renderIn(locale: 'zh-CN' | 'en-US') {
  render(
    <IntlProvider locale={locale} messages={locale === 'zh-CN' ? zhCN : enUS}>
      <ScoreBreakdown breakdown={breakdown} />
    </IntlProvider>,
  );
  return screen.getByTestId('score-breakdown').textContent ?? '';
}

describe('the score breakdown names its facts in words', () => {
  it('in English', () => {
    const text = renderIn('en-US');
    expect(text).toContain('(Fluent)');
    expect(text).toContain('(new to this team)');
    expect(text).toContain('(3 days)');
    expect(text).toContain('(4.5 of 5)');
    expect(text).not.toMatch(/\((no|fluent|native)\)/);
  });

  it('in Chinese', () => {
    const text = renderIn('zh-CN');
    expect(text).toContain('(流利)');
    expect(text).toContain('(未带过本团)');
    expect(text).toContain('(3 天)');
    expect(text).not.toMatch(/\((no|fluent|native)\)/);
  });
});

describe('the plan quality in the page units', () => {
  it('a proven optimum is its own bound', () => {
    // 目标值 2120.4 / 上界 2120.4 beside 总得分 120.4: two teams covered.
    const q = planQuality({
      quality: 1,
      teamsCovered: 2,
      totalScore: 120.4,
      objectiveBound: 2120.4,
      coverBound: 2,
    });
    expect(q).toEqual({ proven: true, coverBound: 2, scoreBound: 120.4, sharePercent: 100 });
  });

  it('a plan below its bound is a share of the score bound, not of the objective', () => {
    const q = planQuality({
      quality: 2118 / 2121,
      teamsCovered: 2,
      totalScore: 118,
      objectiveBound: 2121,
      coverBound: 2,
    });
    expect(q.proven).toBe(false);
    expect(q.scoreBound).toBe(121);
    expect(q.sharePercent).toBe(97.5);
  });

  it('never bounds the score above 100 a covered team', () => {
    const q = planQuality({
      quality: 0.9,
      teamsCovered: 2,
      totalScore: 150,
      objectiveBound: 3080,
      coverBound: 3,
    });
    expect(q.scoreBound).toBe(200);
    expect(q.coverBound).toBe(3);
  });
});

describe('the hard rules are described', () => {
  it('every rule has a description in both languages, without template gaps', () => {
    for (const messages of [zhCN, enUS] as Record<string, string>[]) {
      for (const rule of ALLOCATION_RULES) {
        const text = messages[`allocation.ruleText.${rule}`];
        expect(text, rule).toBeTruthy();
        expect(text).not.toMatch(/[{…]/);
      }
    }
  });
});
