// The list sort fields are read from the field specs (a field whose column sorts) plus the
// keys named beside each list (issue 27): they are exactly what each list sorted by before.
import { describe, expect, it } from 'vitest';
import { bi, sortFieldsOf, type FieldSpecs } from './fields';
import { GUIDE_SORT_FIELDS, guideListQuery } from './guide';
import { TEAM_SORT_FIELDS, teamListQuery } from './team';
import { SCENIC_SORT_FIELDS, scenicSpotListQuery } from './scenic-list';
import { USER_SORT_FIELDS, userListQuery } from './user-list';

const sorted = (keys: readonly string[]) => [...keys].sort();

describe('each list sorts by the same fields as before the specs said so', () => {
  it.each([
    [
      'guides',
      GUIDE_SORT_FIELDS,
      [
        'code',
        'name',
        'level',
        'licenceExpiry',
        'maxGroupSize',
        'status',
        'createdAt',
        'updatedAt',
      ],
    ],
    [
      'teams',
      TEAM_SORT_FIELDS,
      ['code', 'name', 'startDate', 'endDate', 'pax', 'status', 'createdAt', 'updatedAt'],
    ],
    [
      'scenic spots',
      SCENIC_SORT_FIELDS,
      [
        'code',
        'name',
        'grade',
        'category',
        'province',
        'city',
        'dailyCapacity',
        'instantCapacity',
        'priceAdult',
        'loadPercent',
        'createdAt',
        'updatedAt',
      ],
    ],
    ['users', USER_SORT_FIELDS, ['username', 'name', 'lastLoginAt', 'createdAt']],
  ])('%s', (_, fields, before) => {
    expect(sorted(fields)).toEqual(sorted(before));
    expect(new Set(fields).size).toBe(fields.length);
  });

  it('each list query accepts exactly its sort fields', () => {
    for (const [query, fields] of [
      [guideListQuery, GUIDE_SORT_FIELDS],
      [teamListQuery, TEAM_SORT_FIELDS],
      [scenicSpotListQuery, SCENIC_SORT_FIELDS],
      [userListQuery, USER_SORT_FIELDS],
    ] as const) {
      for (const sortField of fields) expect(query.safeParse({ sortField }).success).toBe(true);
      expect(query.safeParse({ sortField: 'passwordHash' }).success).toBe(false);
    }
  });
});

describe('sortFieldsOf', () => {
  const specs = {
    name: {
      label: bi('名称', 'Name'),
      widget: { kind: 'slot' },
      group: 'g',
      column: { sortable: true },
    },
    note: { label: bi('备注', 'Note'), widget: { kind: 'slot' }, group: 'g', column: {} },
    size: {
      label: bi('人数', 'Size'),
      widget: { kind: 'slot' },
      group: 'g',
      column: { sortable: true },
    },
    city: { label: bi('城市', 'City'), widget: { kind: 'slot' }, group: 'g' },
  } as const satisfies FieldSpecs;

  it('a field whose column sorts is a sort field, in spec order, then the named keys', () => {
    expect(sortFieldsOf(specs, ['city', 'createdAt'] as const)).toEqual([
      'name',
      'size',
      'city',
      'createdAt',
    ]);
  });

  it('a sortable column named again beside the list is refused', () => {
    expect(() => sortFieldsOf(specs, ['size'] as const)).toThrow('size');
  });
});
