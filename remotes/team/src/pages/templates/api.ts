// Copies, itinerary templates and work orders (server: server/src/modules/team/templates-routes.ts;
// issue 29 items 2, 3). Reads are cached RTK Query endpoints; writes are mutations that
// invalidate the tags of their domain event (issue 27 item 6).
import { consoleApi, invalidatesOn, request, type DomainEvent } from '@console/shared/api';
import type {
  Page,
  Team,
  TeamCopyBody,
  TeamTemplateCreateBody,
  TeamTemplateDetail,
  TeamTemplateListItem,
  WorkOrder,
} from '@console/shared';

/** Reads outside the cache: the template a new team starts from. */
export const templateApi = {
  get: (id: number) => request<TeamTemplateDetail>({ method: 'GET', url: `/team-templates/${id}` }),
};

const TEMPLATE_CHANGED: DomainEvent[] = [{ type: 'team.template.changed' }];

const api = consoleApi.enhanceEndpoints({ addTagTypes: ['TeamTemplate', 'WorkOrder'] });

export const templateQueries = api.injectEndpoints({
  endpoints: (build) => ({
    teamTemplates: build.query<
      Page<TeamTemplateListItem>,
      { current: number; pageSize: number; keyword?: string }
    >({
      query: (params) => ({
        method: 'GET',
        url: '/team-templates',
        params: { ...params, keyword: params.keyword || undefined },
      }),
      providesTags: [{ type: 'TeamTemplate', id: 'LIST' }],
    }),
    /** Silent: the page shows its own not-found state. */
    workOrder: build.query<WorkOrder, { teamId: number; guideId: number }>({
      query: ({ teamId, guideId }) => ({
        method: 'GET',
        url: `/teams/${teamId}/work-order`,
        params: { guideId },
        silent: true,
      }),
      providesTags: (_r, _e, { teamId }) => [
        { type: 'WorkOrder', id: teamId },
        { type: 'Team', id: teamId },
      ],
    }),
  }),
});

export const { useTeamTemplatesQuery, useWorkOrderQuery } = templateQueries;

export const templateWrites = templateQueries.injectEndpoints({
  endpoints: (build) => ({
    /** Silent: a capacity warning or the calendar's refusal is shown by the dialog. */
    copyTeam: build.mutation<Team, { teamId: number; body: TeamCopyBody }>({
      query: ({ teamId, body }) => ({
        method: 'POST',
        url: `/teams/${teamId}/copy`,
        data: body,
        silent: true,
      }),
      invalidatesTags: invalidatesOn((copy) => [{ type: 'team.created', teamId: copy.id }]),
    }),
    /** Silent: a taken name is shown on the name field. */
    createTemplate: build.mutation<TeamTemplateDetail, TeamTemplateCreateBody>({
      query: (body) => ({ method: 'POST', url: '/team-templates', data: body, silent: true }),
      invalidatesTags: invalidatesOn(() => TEMPLATE_CHANGED),
    }),
    removeTemplate: build.mutation<true, { id: number; version: number }>({
      query: ({ id, version }) => ({
        method: 'DELETE',
        url: `/team-templates/${id}`,
        params: { version },
      }),
      invalidatesTags: invalidatesOn(() => TEMPLATE_CHANGED),
    }),
  }),
});

export const { useCopyTeamMutation, useCreateTemplateMutation, useRemoveTemplateMutation } =
  templateWrites;
