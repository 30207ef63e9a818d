// The team section's calls (server: server/src/modules/team/routes.ts; API agreed in issue #13).
// Reads are cached RTK Query endpoints; writes go through the shared client and invalidate
// the tags they change, so every page showing the team refetches.
import { useCallback } from 'react';
import { consoleApi, request } from '@console/shared/api';
import { useAppDispatch } from '@console/shared/store';
import type {
  AssignmentCreateBody,
  AssignmentReplaceBody,
  AuditSubject,
  CapacityWarning,
  FeedbackBody,
  ItinerarySaveBody,
  Page,
  PropertyItem,
  RuleBreach,
  SpotDayCapacity,
  Team,
  TeamCreateBody,
  TeamListItem,
  TeamTransitionBody,
  TeamUpdateBody,
} from '@console/shared';

/** One row of GET /api/teams/:id/guide-check: a guide and every hard rule it breaks. */
export interface GuideCheckRow {
  guideId: number;
  code: string;
  name: string;
  level: string;
  languages: (string | { language: string; proficiency?: string })[];
  eligible: boolean;
  breaches: RuleBreach[];
}

/** One audit row of the team (GET /api/teams/:id/operation-log). */
export interface TeamLogEntry {
  id: number;
  at: string;
  action: string;
  result: number;
  username?: string | null;
  subject?: AuditSubject | null;
  /** A sentence the server already wrote, when it sends one. */
  sentence?: string;
  diff?: Record<string, { before: unknown; after: unknown }> | null;
}

/** What an assignment or feedback write answers: the team's status and version after it. */
export interface AssignmentAnswer {
  teamId: number;
  status: Team['status'];
  version: number;
}

export interface GuideCheckArgs {
  id: number;
  keyword?: string;
  from?: string;
  to?: string;
  current: number;
  pageSize: number;
}

export const teamApi = {
  get: (id: number) => request<Team>({ method: 'GET', url: `/teams/${id}`, silent: true }),
  /** Field errors are shown on the form by the caller. */
  create: (body: TeamCreateBody) =>
    request<Team>({ method: 'POST', url: '/teams', data: body, silent: true }),
  /** Silent: a stale version (409) is shown by the caller with who changed the team. */
  update: (id: number, body: TeamUpdateBody) =>
    request<Team>({ method: 'PUT', url: `/teams/${id}`, data: body, silent: true }),
  /** Silent: capacity warnings and refusals are shown by the caller. */
  saveItinerary: (id: number, body: ItinerarySaveBody) =>
    request<{ team: Team; warnings: CapacityWarning[] }>({
      method: 'PUT',
      url: `/teams/${id}/itinerary`,
      data: body,
      silent: true,
    }),
  transition: (id: number, body: TeamTransitionBody) =>
    request<Team>({ method: 'POST', url: `/teams/${id}/transition`, data: body }),
  // The assignment writes answer the team's new status and version (and the row); the pages
  // refetch the team after them.
  assign: (id: number, body: AssignmentCreateBody) =>
    request<AssignmentAnswer>({ method: 'POST', url: `/teams/${id}/assignments`, data: body }),
  replace: (id: number, assignmentId: number, body: AssignmentReplaceBody) =>
    request<AssignmentAnswer>({
      method: 'POST',
      url: `/teams/${id}/assignments/${assignmentId}/replace`,
      data: body,
    }),
  removeAssignment: (id: number, assignmentId: number, version: number, reason?: string) =>
    request<AssignmentAnswer>({
      method: 'DELETE',
      url: `/teams/${id}/assignments/${assignmentId}`,
      params: { version, ...(reason ? { reason } : {}) },
    }),
  feedback: (id: number, body: FeedbackBody) =>
    request<AssignmentAnswer>({ method: 'PUT', url: `/teams/${id}/feedback`, data: body }),
};

const api = consoleApi.enhanceEndpoints({ addTagTypes: ['TeamLog', 'TeamCapacity'] });

/** The team section's cached reads. */
export const teamQueries = api.injectEndpoints({
  endpoints: (build) => ({
    teams: build.query<Page<TeamListItem>, Record<string, unknown>>({
      query: (params) => ({ method: 'GET', url: '/teams', params }),
      providesTags: [{ type: 'Team', id: 'LIST' }],
    }),
    /** Silent: a bad or missing id shows the page's own not-found state. */
    team: build.query<Team, number>({
      query: (id) => ({ method: 'GET', url: `/teams/${id}`, silent: true }),
      providesTags: (_r, _e, id) => [{ type: 'Team', id }],
    }),
    teamLog: build.query<Page<TeamLogEntry>, { id: number; current: number; pageSize: number }>({
      query: ({ id, current, pageSize }) => ({
        method: 'GET',
        url: `/teams/${id}/operation-log`,
        params: { current, pageSize },
      }),
      providesTags: (_r, _e, { id }) => [{ type: 'TeamLog', id }],
    }),
    /** Silent: a hint beside a picked spot; a failure just shows no hint. */
    teamCapacity: build.query<
      SpotDayCapacity,
      { spotId: number; date: string; excludeTeamId?: number }
    >({
      query: (params) => ({ method: 'GET', url: '/teams/capacity', params, silent: true }),
      providesTags: [{ type: 'TeamCapacity', id: 'ALL' }],
    }),
    teamGuideCheck: build.query<Page<GuideCheckRow>, GuideCheckArgs>({
      query: ({ id, ...params }) => ({
        method: 'GET',
        url: `/teams/${id}/guide-check`,
        params: { ...params, keyword: params.keyword || undefined },
      }),
      providesTags: (_r, _e, { id }) => [{ type: 'Team', id }],
    }),
    teamDictionary: build.query<PropertyItem[], string>({
      query: (category) => ({ method: 'GET', url: '/properties/items', params: { category } }),
      providesTags: (_r, _e, category) => [{ type: 'Dictionary', id: category }],
    }),
  }),
});

export const {
  useTeamsQuery,
  useTeamQuery,
  useTeamLogQuery,
  useTeamCapacityQuery,
  useTeamGuideCheckQuery,
  useTeamDictionaryQuery,
} = teamQueries;

/**
 * After a write: the team (shown at once when the answer is the team, else refetched), its
 * log, the lists and the capacity figures refetch.
 */
export function useTeamChanged() {
  const dispatch = useAppDispatch();
  return useCallback(
    (changed: Team | number) => {
      const id = typeof changed === 'number' ? changed : changed.id;
      if (typeof changed !== 'number')
        dispatch(teamQueries.util.upsertQueryData('team', id, changed));
      dispatch(
        teamQueries.util.invalidateTags([
          { type: 'Team', id: 'LIST' },
          { type: 'TeamCapacity', id: 'ALL' },
          { type: 'TeamLog', id },
          ...(typeof changed === 'number' ? [{ type: 'Team' as const, id }] : []),
        ]),
      );
    },
    [dispatch],
  );
}
