// The guides eligible for one team, as a set (the board greys every other row). Read through
// the candidates endpoint (eligible only, every page), so the board and the candidate list
// agree on one rule module.
import { useEffect, useState } from 'react';
import { useAppDispatch } from '@console/shared/store';
import { allocationQueries } from './api';

const PAGE = 100;
/** The board shows at most 500 guides a page: five pages of eligible ones cover it. */
const MAX_PAGES = 5;

/** `version` changes when the data behind eligibility may have changed (the board refetched). */
export function useEligibleGuides(
  teamId: number | null,
  version: number,
): {
  eligible: ReadonlySet<number> | null;
  loading: boolean;
} {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<{ teamId: number; ids: Set<number> } | null>(null);
  // Keep showing the last answer for the same team while a newer one loads.

  useEffect(() => {
    if (teamId === null) return;
    let cancelled = false;
    const load = async () => {
      const ids = new Set<number>();
      for (let current = 1; current <= MAX_PAGES; current++) {
        const request = dispatch(
          allocationQueries.endpoints.candidates.initiate(
            { teamId, current, pageSize: PAGE, eligibleOnly: 'true' },
            { subscribe: false, forceRefetch: true },
          ),
        );
        const page = await request.unwrap().catch(() => null);
        if (cancelled || !page) return;
        for (const c of page.list) ids.add(c.guideId);
        if (current * PAGE >= page.total) break;
      }
      if (!cancelled) setState({ teamId, ids });
    };
    void load();
    return () => {
      cancelled = true;
    };
  }, [dispatch, teamId, version]);

  if (teamId === null) return { eligible: null, loading: false };
  if (state?.teamId !== teamId) return { eligible: null, loading: true };
  return { eligible: state.ids, loading: false };
}
