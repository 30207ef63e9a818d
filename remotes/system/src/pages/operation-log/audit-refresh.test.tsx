// Issue 27 item 6: verifying the audit chain is a mutation whose `invalidatesTags` come from the
// one event → tag mapping: the verification is itself recorded, so the log's pages refetch
// (`audit.verified`) and nothing else, as the live channel would on hearing it.
import { expect, it } from 'vitest';
import { systemWrites } from '../../api';
import { asLiveEvent, sectionUnderTest } from '../../test/refresh';
import { ok } from '../../test/server';

const system = sectionUnderTest(() => ok({ ok: true, checked: 12, brokenAt: null }));
const { refetched } = system;

it('a verification refetches the log’s pages only, as the live channel would', async () => {
  const byMutation = await refetched(() =>
    system.store.dispatch(systemWrites.endpoints.verifyAudit.initiate()).unwrap(),
  );
  expect(byMutation).toEqual(
    await refetched(asLiveEvent(system.store, { type: 'audit.verified' })),
  );
  expect(byMutation).toEqual(['/audit']);
});
