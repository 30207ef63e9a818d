// The team export and the write list follow the contract's field specs (issue 27): a column per
// editable field headed by its label, between the export's own columns; dictionary columns by
// their widget's category; the write list and the export row are the specs' keys.
import { describe, expect, it } from 'vitest';
import { TEAM_FIELD_KEYS, TEAM_FIELD_SPECS, teamFields } from '@console/shared';
import { teamExportRow, teamSheet } from './sheet';
import { editableFields } from './service';

describe('the team sheet is read from TEAM_FIELD_SPECS', () => {
  it('has the code and status, a column per editable field in spec order, then pax and guides', () => {
    expect(teamSheet.columns.map((c) => c.key)).toEqual([
      'code',
      'status',
      ...TEAM_FIELD_KEYS,
      'pax',
      'guides',
    ]);
    const by = Object.fromEntries(teamSheet.columns.map((c) => [c.key, c]));
    for (const key of TEAM_FIELD_KEYS) expect(by[key].header).toEqual(TEAM_FIELD_SPECS[key].label);
    expect(by.code.header['en-US']).toBe('Team code');
    expect(by.agency).toMatchObject({ type: 'string', dictionary: 'agency' });
    expect(by.market.dictionary).toBe('market');
    expect(by.language.dictionary).toBe('guide_language');
    expect(by.vip.type).toBe('boolean');
    expect(by.paxAdults.type).toBe('integer');
    expect(by.startDate.type).toBe('date');
    expect(by.status.options?.map((o) => o.value)).toContain('cancelled');
    expect(by.guides.type).toBe('list');
  });

  it('the export row and the write list are the specs’ keys (every editable field)', () => {
    expect(Object.keys(teamExportRow.shape).sort()).toEqual(
      ['code', 'status', ...TEAM_FIELD_KEYS, 'pax', 'guides'].sort(),
    );
    expect([...TEAM_FIELD_KEYS].sort()).toEqual(Object.keys(teamFields).sort());
    const row = Object.fromEntries(TEAM_FIELD_KEYS.map((k) => [k, `v-${k}`]));
    const written = editableFields({ ...row, id: 1, code: 'T1', version: 3 } as never);
    expect(written).toEqual(row);
  });
});
