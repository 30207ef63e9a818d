// The profile's lists behind its figures (server: GET /api/guides/:id/teams and /feedback):
// the teams the guide led (their total is `figures.teamsLed`) and the feedback on the guide
// (its mean is `figures.averageRating`). They carry the guide's tag, so whatever refreshes the
// figures refreshes the lists with them.
import { consoleApi } from '@console/shared/api';
import type { GuideFeedbackItem, GuideRecordsQuery, GuideTeamLed, Page } from '@console/shared';

type RecordsArg = { id: number } & GuideRecordsQuery;

export const guideRecordsQueries = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    guideTeamsLed: build.query<Page<GuideTeamLed>, RecordsArg>({
      query: ({ id, ...params }) => ({ method: 'GET', url: `/guides/${id}/teams`, params }),
      providesTags: (_r, _e, { id }) => [{ type: 'Guide', id }],
    }),
    guideFeedback: build.query<Page<GuideFeedbackItem>, RecordsArg>({
      query: ({ id, ...params }) => ({ method: 'GET', url: `/guides/${id}/feedback`, params }),
      providesTags: (_r, _e, { id }) => [{ type: 'Guide', id }],
    }),
  }),
});

export const { useGuideTeamsLedQuery, useGuideFeedbackQuery } = guideRecordsQueries;
