// Copies, itinerary templates and work orders (server: server/src/modules/team/templates-routes.ts;
// issue 29 items 2, 3). Reads are cached RTK Query endpoints; writes go through the shared client.
import { consoleApi, request } from '@console/shared/api';
import type {
  Page,
  Team,
  TeamCopyBody,
  TeamTemplateCreateBody,
  TeamTemplateDetail,
  TeamTemplateListItem,
  WorkOrder,
} from '@console/shared';

export const templateApi = {
  /** Silent: a capacity warning or the calendar's refusal is shown by the dialog. */
  copy: (teamId: number, body: TeamCopyBody) =>
    request<Team>({ method: 'POST', url: `/teams/${teamId}/copy`, data: body, silent: true }),
  /** Silent: a taken name is shown on the name field. */
  create: (body: TeamTemplateCreateBody) =>
    request<TeamTemplateDetail>({
      method: 'POST',
      url: '/team-templates',
      data: body,
      silent: true,
    }),
  remove: (id: number, version: number) =>
    request<true>({ method: 'DELETE', url: `/team-templates/${id}`, params: { version } }),
  get: (id: number) => request<TeamTemplateDetail>({ method: 'GET', url: `/team-templates/${id}` }),
};

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
