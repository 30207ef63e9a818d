// The team section's calls (server: server/src/modules/team/routes.ts; API agreed in issue #13).
// Reads are cached RTK Query endpoints; writes are mutations that invalidate the tags of their
// domain event (issue 27 item 6), so every page showing the team refetches.
import { consoleApi, invalidatesOn, request, type DomainEvent } from '@console/shared/api';
import type { AppDispatch } from '@console/shared/store';
import type {
  AuditSubject,
  CapacityWarning,
  FeedbackBody,
  FeedbackResult,
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

export interface GuideCheckArgs {
  id: number;
  keyword?: string;
  from?: string;
  to?: string;
  current: number;
  pageSize: number;
}

/** Reads outside the cache: a team read afresh (the edit drawer's reload after a conflict). */
export const teamApi = {
  get: (id: number) => request<Team>({ method: 'GET', url: `/teams/${id}`, silent: true }),
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

/** The events a team write stands for: its `invalidatesTags`, and what other consoles hear. */
export const teamEvents = {
  created: (team: { id: number }): DomainEvent[] => [{ type: 'team.created', teamId: team.id }],
  updated: (teamId: number): DomainEvent[] => [{ type: 'team.updated', teamId }],
  moved: (team: { id: number }): DomainEvent[] => [
    { type: 'team.status.changed', teamId: team.id },
  ],
};

/** Shows the answered team at once (its refetch follows from the invalidated tags). */
function showAnswered<Answer>(teamOf: (answer: Answer) => Team) {
  return async (
    _arg: unknown,
    api: { dispatch: AppDispatch; queryFulfilled: Promise<{ data: Answer }> },
  ) => {
    try {
      const team = teamOf((await api.queryFulfilled).data);
      api.dispatch(teamQueries.util.upsertQueryData('team', team.id, team));
    } catch {
      /* refused: the caller shows why */
    }
  };
}

/**
 * The team section's writes. Each declares what it makes stale by its domain event
 * (`invalidatesOn`, the live channel's mapping); the guide assignments are shared with the
 * allocation page (`@console/shared/api`'s `assignmentWrites`).
 */
export const teamWrites = teamQueries.injectEndpoints({
  endpoints: (build) => ({
    /** Silent: field errors are shown on the form by the caller. */
    createTeam: build.mutation<Team, TeamCreateBody>({
      query: (body) => ({ method: 'POST', url: '/teams', data: body, silent: true }),
      invalidatesTags: invalidatesOn(teamEvents.created),
      onQueryStarted: showAnswered((team: Team) => team),
    }),
    /** Silent: a stale version (409) is shown by the caller with who changed the team. */
    updateTeam: build.mutation<Team, { id: number; body: TeamUpdateBody }>({
      query: ({ id, body }) => ({ method: 'PUT', url: `/teams/${id}`, data: body, silent: true }),
      invalidatesTags: invalidatesOn((_team, { id }) => teamEvents.updated(id)),
      onQueryStarted: showAnswered((team: Team) => team),
    }),
    /** Silent: capacity warnings and refusals are shown by the caller. */
    saveItinerary: build.mutation<
      { team: Team; warnings: CapacityWarning[] },
      { id: number; body: ItinerarySaveBody }
    >({
      query: ({ id, body }) => ({
        method: 'PUT',
        url: `/teams/${id}/itinerary`,
        data: body,
        silent: true,
      }),
      invalidatesTags: invalidatesOn((_r, { id }) => teamEvents.updated(id)),
      onQueryStarted: showAnswered((r: { team: Team }) => r.team),
    }),
    /** A lifecycle move; the client shows a refusal (illegal move, incomplete itinerary …). */
    transitionTeam: build.mutation<Team, { id: number; body: TeamTransitionBody }>({
      query: ({ id, body }) => ({ method: 'POST', url: `/teams/${id}/transition`, data: body }),
      invalidatesTags: invalidatesOn(teamEvents.moved),
      onQueryStarted: showAnswered((team: Team) => team),
    }),
    saveFeedback: build.mutation<FeedbackResult, { id: number; body: FeedbackBody }>({
      query: ({ id, body }) => ({ method: 'PUT', url: `/teams/${id}/feedback`, data: body }),
      invalidatesTags: invalidatesOn((_r, { id }) => teamEvents.updated(id)),
    }),
  }),
});

export const {
  useCreateTeamMutation,
  useUpdateTeamMutation,
  useSaveItineraryMutation,
  useTransitionTeamMutation,
  useSaveFeedbackMutation,
} = teamWrites;
