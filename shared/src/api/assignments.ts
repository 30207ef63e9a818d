// A team's guide assignments (server: server/src/modules/team/assignments-routes.ts): the team
// page and the allocation page book guides through the same path, so they share these writes —
// and what each invalidates is its live event's tags (`invalidation.ts`): after one assignment
// both pages, and every other console hearing the event, refresh the same reads.
import type {
  AssignmentCreateBody,
  AssignmentReplaceBody,
  AssignmentResult,
} from '../contracts/team';
import { invalidatesOn, type DomainEvent } from './invalidation';
import { consoleApi } from './rtk';

export interface AssignGuideArgs {
  teamId: number;
  body: AssignmentCreateBody;
  /** The caller shows the refusal itself (the allocation page lists every rule broken). */
  silent?: boolean;
}

export interface ReplaceGuideArgs {
  teamId: number;
  assignmentId: number;
  /** The guide being replaced: their duty changes too. */
  previousGuideId: number;
  body: AssignmentReplaceBody;
}

export interface RemoveAssignmentArgs {
  teamId: number;
  assignmentId: number;
  version: number;
  reason?: string;
}

/**
 * The events an assignment write stands for — the ones the server streams for it: the
 * assignment made (or ended) on the answered team, and the replaced guide's assignment ended.
 */
export const assignmentEvents = {
  assign: (result: AssignmentResult): DomainEvent[] => [
    { type: 'team.assignment.made', teamId: result.teamId, guideId: result.assignment.guideId },
  ],
  replace: (result: AssignmentResult, arg: ReplaceGuideArgs): DomainEvent[] => [
    { type: 'team.assignment.removed', teamId: result.teamId, guideId: arg.previousGuideId },
    { type: 'team.assignment.made', teamId: result.teamId, guideId: result.assignment.guideId },
  ],
  remove: (result: AssignmentResult): DomainEvent[] => [
    { type: 'team.assignment.removed', teamId: result.teamId, guideId: result.assignment.guideId },
  ],
};

/** The assignment writes; each answers the team's new status and version, and the row. */
export const assignmentWrites = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    assignGuide: build.mutation<AssignmentResult, AssignGuideArgs>({
      query: ({ teamId, body, silent }) => ({
        method: 'POST',
        url: `/teams/${teamId}/assignments`,
        data: body,
        silent,
      }),
      invalidatesTags: invalidatesOn(assignmentEvents.assign),
    }),
    replaceGuide: build.mutation<AssignmentResult, ReplaceGuideArgs>({
      query: ({ teamId, assignmentId, body }) => ({
        method: 'POST',
        url: `/teams/${teamId}/assignments/${assignmentId}/replace`,
        data: body,
      }),
      invalidatesTags: invalidatesOn(assignmentEvents.replace),
    }),
    removeAssignment: build.mutation<AssignmentResult, RemoveAssignmentArgs>({
      query: ({ teamId, assignmentId, version, reason }) => ({
        method: 'DELETE',
        url: `/teams/${teamId}/assignments/${assignmentId}`,
        params: { version, ...(reason ? { reason } : {}) },
      }),
      invalidatesTags: invalidatesOn(assignmentEvents.remove),
    }),
  }),
});

export const { useAssignGuideMutation, useReplaceGuideMutation, useRemoveAssignmentMutation } =
  assignmentWrites;
