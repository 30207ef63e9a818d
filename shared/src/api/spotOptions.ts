// Spot picker options (server: GET /api/scenic/spots/options): used by the scenic maintenance
// page and the guide section's certification fields and filter, so it lives in `shared`.
import type { Page } from '../contracts/envelope';
import type { ScenicSpotOption } from '../contracts/scenic';
import { consoleApi } from './rtk';

export interface SpotOptionsArgs {
  keyword?: string;
  /** Resolve these ids to their names (whatever page they would fall on). */
  ids?: number[];
  pageSize?: number;
}

export const spotOptionsApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    spotOptions: build.query<Page<ScenicSpotOption>, SpotOptionsArgs>({
      query: ({ keyword, ids, pageSize = 20 }) => ({
        method: 'GET',
        url: '/scenic/spots/options',
        params: {
          ...(keyword ? { keyword } : {}),
          ...(ids && ids.length > 0 ? { ids: ids.join(',') } : {}),
          pageSize,
        },
      }),
      providesTags: [{ type: 'ScenicSpot', id: 'LIST' }],
    }),
  }),
});

export const { useSpotOptionsQuery } = spotOptionsApi;
