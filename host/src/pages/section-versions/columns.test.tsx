// The section versions' times read as every time in the console: in the operation's time zone,
// "MM-DD HH:mm" (the year when another), not the browser's locale style ("Nov 27, 2026, 5:16 PM").
// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { createIntl } from 'react-intl';
import { operationDateTime } from '@console/shared/i18n';
import { pinColumns, type PinRow } from './columns';

describe('the pins table', () => {
  it('shows when a section was pinned in operation-local time', () => {
    // Titles read as their ids (no messages): the column is found by its title's id.
    const intl = createIntl({ locale: 'en-US', messages: {}, onError: () => {} });
    const at = '2026-11-27T09:16:00.000Z';
    const row = {
      section: 'guide',
      pin: { version: '1.0.0', pinnedAt: at, pinnedBy: 'admin', canary: null },
    } as unknown as PinRow;
    const column = pinColumns(
      intl,
      () => {},
      () => {},
    ).find((c) => c.title === 'sectionVersions.pinnedAt');
    expect(column, 'the pinned-at column').toBeTruthy();
    const { container } = render(<>{column!.render!(undefined, row, 0)}</>);
    expect(container.textContent).toBe(operationDateTime(at));
    expect(container.textContent).not.toMatch(/Nov/);
  });
});
