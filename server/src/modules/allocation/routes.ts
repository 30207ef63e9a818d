// Guide allocation (issue #14): waiting teams and the board (team:read), candidates and plans
// (team:allocate), the soft rules (read team:read, write system:config:write — they are system
// configuration). Writes record their audit rows in the service's transactions.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  allocationRules,
  allocationRulesBody,
  board,
  boardQuery,
  candidatesPage,
  candidatesQuery,
  envelopeOf,
  pageOf,
  planCommitBody,
  planCommitResult,
  planCreateBody,
  planDetail,
  planIdParams,
  planProgress,
  teamIdParams,
  waitingTeam,
  waitingTeamsQuery,
} from '@console/shared';
import type { Services } from '../../services';
import { ok } from '../../lib/envelope';

export const allocationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { allocation } = services;
  const tags = ['allocation'];

  app.get(
    '/api/allocation/teams',
    {
      schema: {
        tags,
        querystring: waitingTeamsQuery,
        response: { 200: envelopeOf(pageOf(waitingTeam)) },
      },
      config: { access: 'team:read' },
    },
    async (req) => ok(await allocation.waiting(req.query)),
  );

  app.get(
    '/api/allocation/teams/:id/candidates',
    {
      schema: {
        tags,
        params: teamIdParams,
        querystring: candidatesQuery,
        response: { 200: envelopeOf(candidatesPage) },
      },
      config: { access: 'team:allocate' },
    },
    async (req) => ok(await allocation.candidates(req.params.id, req.query)),
  );

  app.get(
    '/api/allocation/rules',
    {
      schema: { tags, response: { 200: envelopeOf(allocationRules) } },
      config: { access: 'team:read' },
    },
    async () => ok(await allocation.rules()),
  );

  app.put(
    '/api/allocation/rules',
    {
      schema: { tags, body: allocationRulesBody, response: { 200: envelopeOf(allocationRules) } },
      config: { access: 'system:config:write', auditAction: 'allocation.rules.update' },
    },
    async (req) => {
      req.audit.entityType = 'system_config';
      return ok(await allocation.updateRules(req.body, req.auth!.userId));
    },
  );

  app.post(
    '/api/allocation/plans',
    {
      schema: { tags, body: planCreateBody, response: { 200: envelopeOf(planDetail) } },
      config: { access: 'team:allocate', auditAction: 'allocation.plan.create' },
    },
    async (req) => {
      req.audit.entityType = 'allocation_plan';
      return ok(await allocation.createPlan(req.body, req.auth!.userId));
    },
  );

  // The caller's plan under way (phase, time left), polled by the plan page while it runs.
  app.get(
    '/api/allocation/plans/progress',
    {
      schema: { tags, response: { 200: envelopeOf(planProgress.nullable()) } },
      config: { access: 'team:allocate' },
    },
    async (req) => ok(allocation.planProgress(req.auth!.userId)),
  );

  app.get(
    '/api/allocation/plans/:id',
    {
      schema: { tags, params: planIdParams, response: { 200: envelopeOf(planDetail) } },
      config: { access: 'team:allocate' },
    },
    async (req) => ok(await allocation.plan(req.params.id)),
  );

  app.post(
    '/api/allocation/plans/:id/commit',
    {
      schema: {
        tags,
        params: planIdParams,
        body: planCommitBody,
        response: { 200: envelopeOf(planCommitResult) },
      },
      config: { access: 'team:allocate', auditAction: 'allocation.plan.commit' },
    },
    async (req) => {
      req.audit.entityType = 'allocation_plan';
      req.audit.entityId = req.params.id;
      return ok(await allocation.commit(req.params.id, req.body, req.auth!.userId));
    },
  );

  app.get(
    '/api/allocation/board',
    {
      schema: { tags, querystring: boardQuery, response: { 200: envelopeOf(board) } },
      config: { access: 'team:read' },
    },
    async (req) => ok(await allocation.board(req.query)),
  );
};
