// Guides on teams (issue #13 points 6–9; server/… team-api "assign" rows). The guide check
// and the assignment writes need team:allocate, feedback team:write. Each write records its
// audit row (entity 'team') in its transaction, in the service.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assignmentCreateBody,
  assignmentRemoveQuery,
  assignmentReplaceBody,
  assignmentResult,
  envelopeOf,
  feedbackBody,
  feedbackResult,
  guideCheckItem,
  guideCheckQuery,
  pageOf,
  teamAssignmentParams,
  teamIdParams,
} from '@console/shared';
import type { Services } from '../../services';
import { ok } from '../../lib/envelope';

export const assignmentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { assignments } = services;
  const tags = ['team'];

  app.get(
    '/api/teams/:id/guide-check',
    {
      schema: {
        tags,
        params: teamIdParams,
        querystring: guideCheckQuery,
        response: { 200: envelopeOf(pageOf(guideCheckItem)) },
      },
      config: { access: 'team:allocate' },
    },
    async (req) => ok(await assignments.guideCheck(req.params.id, req.query)),
  );

  app.post(
    '/api/teams/:id/assignments',
    {
      schema: {
        tags,
        params: teamIdParams,
        body: assignmentCreateBody,
        response: { 200: envelopeOf(assignmentResult) },
      },
      config: { access: 'team:allocate', auditAction: 'team.assignment.create' },
    },
    async (req) => {
      req.audit.entityType = 'team';
      req.audit.entityId = req.params.id;
      return ok(await assignments.assign(req.params.id, req.body, req.auth!.userId));
    },
  );

  app.post(
    '/api/teams/:id/assignments/:assignmentId/replace',
    {
      schema: {
        tags,
        params: teamAssignmentParams,
        body: assignmentReplaceBody,
        response: { 200: envelopeOf(assignmentResult) },
      },
      config: { access: 'team:allocate', auditAction: 'team.assignment.replace' },
    },
    async (req) => {
      req.audit.entityType = 'team';
      req.audit.entityId = req.params.id;
      return ok(
        await assignments.replace(
          req.params.id,
          req.params.assignmentId,
          req.body,
          req.auth!.userId,
        ),
      );
    },
  );

  app.delete(
    '/api/teams/:id/assignments/:assignmentId',
    {
      schema: {
        tags,
        params: teamAssignmentParams,
        querystring: assignmentRemoveQuery,
        response: { 200: envelopeOf(assignmentResult) },
      },
      config: { access: 'team:allocate', auditAction: 'team.assignment.remove' },
    },
    async (req) => {
      req.audit.entityType = 'team';
      req.audit.entityId = req.params.id;
      return ok(
        await assignments.remove(
          req.params.id,
          req.params.assignmentId,
          req.query,
          req.auth!.userId,
        ),
      );
    },
  );

  app.put(
    '/api/teams/:id/feedback',
    {
      schema: {
        tags,
        params: teamIdParams,
        body: feedbackBody,
        response: { 200: envelopeOf(feedbackResult) },
      },
      config: { access: 'team:write', auditAction: 'team.feedback' },
    },
    async (req) => {
      req.audit.entityType = 'team';
      req.audit.entityId = req.params.id;
      return ok(await assignments.feedback(req.params.id, req.body, req.auth!.userId));
    },
  );
};
