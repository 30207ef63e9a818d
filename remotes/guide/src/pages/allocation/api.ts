// The allocation page's calls (server: server/src/modules/allocation; contract:
// shared/src/contracts/allocation.ts, issue #14). Reads are cached RTK Query endpoints; writes
// are mutations that invalidate the tags of their domain event (issue 27 item 6). Assigning one
// guide by hand uses the team's own assignment path and the team page's own mutation
// (`useAssignGuideMutation` from `@console/shared/api`): both pages refresh the same reads.
import {
  apiErrorCode,
  consoleApi,
  invalidatesOn,
  request,
  type ApiQueryError,
  type DomainEvent,
} from '@console/shared/api';
import type {
  AllocationRules,
  AllocationRulesBody,
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

/** Reads outside the cache (a plan's progress is polled while it solves). */
export const allocationApi = {
  /** A stored plan (reopened from the address); the drawer shows a failure itself. */
  storedPlan: (id: number) =>
    request<PlanDetail>({ method: 'GET', url: `/allocation/plans/${id}`, silent: true }),
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
 * The events a plan's commit stands for: each team's assignment made (what the server streams);
 * refused as stale (PLAN_STALE), the teams and guides changed under it.
 */
export const planCommitEvents = {
  committed: (result: PlanCommitResult): DomainEvent[] =>
    result.committed.map((c) => ({
      type: 'team.assignment.made' as const,
      teamId: c.teamId,
      guideId: c.guideId,
    })),
  refused: (error: ApiQueryError): DomainEvent[] =>
    apiErrorCode(error) === 'PLAN_STALE' ? [{ type: 'allocation.changed' }] : [],
};

/** The rules' save stands for one event: the cards and every score shown refetch. */
const rulesChanged = (): DomainEvent[] => [{ type: 'allocation.rules.changed' }];

/** The allocation page's writes (one guide by hand: the shared `assignGuide`). */
export const allocationWrites = allocationQueries.injectEndpoints({
  endpoints: (build) => ({
    /** Solves the range and stores the plan; nothing cached shows plans, nothing goes stale. */
    createPlan: build.mutation<PlanDetail, PlanCreateBody>({
      query: (body) => ({ method: 'POST', url: '/allocation/plans', data: body }),
    }),
    /** Silent: a PLAN_STALE 409 is explained by the preview with its list of changes. */
    commitPlan: build.mutation<PlanCommitResult, { planId: number; body: PlanCommitBody }>({
      query: ({ planId, body }) => ({
        method: 'POST',
        url: `/allocation/plans/${planId}/commit`,
        data: body,
        silent: true,
      }),
      invalidatesTags: invalidatesOn(planCommitEvents.committed, planCommitEvents.refused),
    }),
    /** Through the audited system config; the client shows a refusal (a stale version names who). */
    saveRules: build.mutation<AllocationRules, AllocationRulesBody>({
      query: (body) => ({ method: 'PUT', url: '/allocation/rules', data: body }),
      invalidatesTags: invalidatesOn(rulesChanged),
    }),
  }),
});

export const { useCreatePlanMutation, useCommitPlanMutation, useSaveRulesMutation } =
  allocationWrites;
