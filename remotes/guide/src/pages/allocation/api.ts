// The allocation page's calls (server: server/src/modules/allocation; contract:
// shared/src/contracts/allocation.ts, issue #14). Reads are cached RTK Query endpoints; writes
// go through the shared client and then mark the reads they change stale. Assigning one guide
// by hand uses the team's own assignment path (POST /teams/:id/assignments), like the team page.
import { useCallback } from 'react';
import { consoleApi, request } from '@console/shared/api';
import { useAppDispatch } from '@console/shared/store';
import type {
  AllocationRules,
  AllocationRulesBody,
  AssignmentCreateBody,
  AssignmentResult,
  Board,
  BoardQuery,
  CandidatesPage,
  CandidatesQuery,
  Page,
  PlanCommitBody,
  PlanCommitResult,
  PlanCreateBody,
  PlanDetail,
  PlanProgress,
  WaitingTeam,
  WaitingTeamsQuery,
} from '@console/shared';

export const allocationApi = {
  /** Silent: the page shows the refusal (the rule's message) where the guide was dropped. */
  assign: (teamId: number, body: AssignmentCreateBody) =>
    request<AssignmentResult>({
      method: 'POST',
      url: `/teams/${teamId}/assignments`,
      data: body,
      silent: true,
    }),
  plan: (body: PlanCreateBody) =>
    request<PlanDetail>({ method: 'POST', url: '/allocation/plans', data: body }),
  /** A stored plan (reopened from the address); the drawer shows a failure itself. */
  storedPlan: (id: number) =>
    request<PlanDetail>({ method: 'GET', url: `/allocation/plans/${id}`, silent: true }),
  /** Silent: a PLAN_STALE 409 is explained by the preview with its list of changes. */
  commit: (planId: number, body: PlanCommitBody) =>
    request<PlanCommitResult>({
      method: 'POST',
      url: `/allocation/plans/${planId}/commit`,
      data: body,
      silent: true,
    }),
  /** The caller's plan under way: its phase and time left (null when none runs). */
  planProgress: () =>
    request<PlanProgress | null>({
      method: 'GET',
      url: '/allocation/plans/progress',
      silent: true,
    }),
  /** The candidates matching `keyword` (a guide's code: why that guide was refused). */
  candidatesOf: (teamId: number, keyword: string) =>
    request<CandidatesPage>({
      method: 'GET',
      url: `/allocation/teams/${teamId}/candidates`,
      params: { keyword, pageSize: 20 },
      silent: true,
    }),
  saveRules: (body: AllocationRulesBody) =>
    request<AllocationRules>({ method: 'PUT', url: '/allocation/rules', data: body }),
};

/** A range of days, `YYYY-MM-DD` inclusive (the waiting list, the board). */
interface WaitingRange {
  from: string;
  to: string;
}

const api = consoleApi.enhanceEndpoints({ addTagTypes: ['Allocation', 'AllocationRules'] });

// Every read also names the team and guide lists, so live team events and guide edits refresh it.
const ALLOCATION_READ = [
  { type: 'Allocation' as const, id: 'ALL' },
  { type: 'Team' as const, id: 'LIST' },
  { type: 'Guide' as const, id: 'LIST' },
];

export const allocationQueries = api.injectEndpoints({
  endpoints: (build) => ({
    waitingTeams: build.query<Page<WaitingTeam>, Partial<WaitingTeamsQuery> & WaitingRange>({
      query: (params) => ({
        method: 'GET',
        url: '/allocation/teams',
        params: { ...params, keyword: params.keyword || undefined },
      }),
      providesTags: ALLOCATION_READ,
    }),
    candidates: build.query<CandidatesPage, { teamId: number } & Partial<CandidatesQuery>>({
      query: ({ teamId, ...params }) => ({
        method: 'GET',
        url: `/allocation/teams/${teamId}/candidates`,
        params: { ...params, keyword: params.keyword || undefined },
      }),
      providesTags: ALLOCATION_READ,
    }),
    allocationBoard: build.query<Board, Partial<BoardQuery> & WaitingRange>({
      query: (params) => ({
        method: 'GET',
        url: '/allocation/board',
        params: { ...params, keyword: params.keyword || undefined },
      }),
      providesTags: ALLOCATION_READ,
    }),
    allocationRules: build.query<AllocationRules, void>({
      query: () => ({ method: 'GET', url: '/allocation/rules' }),
      providesTags: [{ type: 'AllocationRules', id: 'ALL' }],
    }),
  }),
});

export const {
  useWaitingTeamsQuery,
  useCandidatesQuery,
  useAllocationBoardQuery,
  useAllocationRulesQuery,
} = allocationQueries;

/**
 * After an assignment or a commit: the waiting list, candidates and board refetch, and so do
 * the team pages and the guide lists showing the teams and guides it touched.
 */
export function useAllocationChanged() {
  const dispatch = useAppDispatch();
  return useCallback(
    (teamIds: readonly number[] = []) => {
      dispatch(
        allocationQueries.util.invalidateTags([
          ...ALLOCATION_READ,
          ...teamIds.map((id) => ({ type: 'Team' as const, id })),
        ]),
      );
    },
    [dispatch],
  );
}

/** After saving the rules: the cards and every score shown refetch. */
export function useRulesChanged() {
  const dispatch = useAppDispatch();
  return useCallback(() => {
    dispatch(
      allocationQueries.util.invalidateTags([
        { type: 'AllocationRules', id: 'ALL' },
        { type: 'Allocation', id: 'ALL' },
      ]),
    );
  }, [dispatch]);
}
