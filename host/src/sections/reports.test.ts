// The browser's side of section reports (issue 30): what a report says, within the contract.
import { describe, expect, it } from 'vitest';
import { SECTION_REPORT_LIMITS, sectionReportsBody } from '@console/shared/contracts/sections';
import { messageOf, REPORT_LIMITS, sectionOfStack } from './reports';

describe('section reports in the browser', () => {
  it('keeps the contract’s limits (repeated here to keep zod out of the boot chunk)', () => {
    expect(REPORT_LIMITS.perBatch).toBe(SECTION_REPORT_LIMITS.perBatch);
    expect(REPORT_LIMITS.messageMax).toBe(SECTION_REPORT_LIMITS.messageMax);
    expect(REPORT_LIMITS.flushMs).toBe(SECTION_REPORT_LIMITS.flushMs);
  });

  it('sends a message the server accepts: one line, no control characters, cut to the limit', () => {
    const nasty = new Error(`first line\nsecond\u0000 line\u0007${'x'.repeat(1000)}`);
    const message = messageOf(nasty);
    expect(message.startsWith('Error: first line second line')).toBe(true);
    expect(message.length).toBe(SECTION_REPORT_LIMITS.messageMax);
    const body = {
      reports: [{ section: 'guide', version: '1.0.0+b1', kind: 'render', message, count: 1 }],
    };
    expect(sectionReportsBody.safeParse(body).success).toBe(true);
    expect(messageOf('plain text')).toBe('plain text');
    expect(messageOf({ code: 7 })).toBe('{"code":7}');
    expect(messageOf('   ')).toBe('Error');
  });

  it('does not attribute a stack to a section version this page did not load', () => {
    expect(
      sectionOfStack('at render (http://x/sections/guide/1.0.0+b1/js/list.123.js:1:2)'),
    ).toBeNull();
    expect(sectionOfStack('at render (http://x/host/main.js:1:2)')).toBeNull();
  });
});
