import { okEnvelope, pageEnvelope } from '@robot-ads/contracts/common/envelope';
import {
  createMultipleBody,
  findAllProjectsQuery,
  projectQuery,
  projectRobotsQuery,
  projectSchema,
  projectTypeItem,
  robotSchema,
  updateProjectBody,
} from '@robot-ads/contracts/devices/devices.schemas';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import type { ZodApp } from '../../platform/zod-routes';
import { zodRoutes } from '../../platform/zod-routes';
import type { DevicesContext } from './devices.context';
import { queryRobots } from './devices.service';
import {
  createProjects,
  deleteProject,
  findAllProjects,
  projectTypes,
  queryProject,
  queryProjectsPage,
  updateProject,
} from './projects.service';
import { DEVICE_READERS, OPS, OPS_PROJECT } from './route-support';

/** /api/Projects and /api/Proprietors: the properties, read and created. */
export function projectRoutes(app: ZodApp, ctx: DevicesContext) {
  const route = zodRoutes(app, ['projects']);
  route.get(
    '/api/Projects/findAll',
    {
      summary: 'Visible properties',
      querystring: findAllProjectsQuery,
      response: okEnvelope(z.array(projectSchema)),
      config: { roles: DEVICE_READERS },
    },
    async (request) => findAllProjects(ctx, request.user, request.query),
  );
  route.get(
    '/api/Projects/types',
    {
      summary: 'Property types: property, cinema, custom',
      response: okEnvelope(z.array(projectTypeItem)),
      config: { roles: DEVICE_READERS },
    },
    async () => projectTypes(),
  );
  route.get(
    '/api/Proprietors/queryProject',
    {
      summary: "A property (a project account's own)",
      querystring: z.object({ id: z.string().optional() }),
      response: okEnvelope(projectSchema),
      config: { roles: OPS_PROJECT },
    },
    async (request) => queryProject(ctx, request.user, request.query.id),
  );
  route.page(
    '/api/Proprietors/querybypage',
    {
      summary: 'Properties, paged',
      querystring: projectQuery,
      response: pageEnvelope(projectSchema),
      config: { roles: OPS_PROJECT },
    },
    async (request) => queryProjectsPage(ctx, request.user, request.query),
  );
  route.page(
    '/api/Proprietors/queryRobotsByPage',
    {
      summary: "A property's devices, paged",
      querystring: projectRobotsQuery,
      response: pageEnvelope(robotSchema),
      config: { roles: OPS_PROJECT },
    },
    async (request) => {
      const q = request.query;
      const projectId = request.user.role === 'project' ? (request.user.projectId ?? '') : q.projectId;
      if (!projectId) throw new AppError('VALIDATION_FAILED', { field: 'projectId', reason: 'required' }, 'projectId');
      return queryRobots(ctx, request.user, { ...q, projectId });
    },
  );
  route.post(
    '/api/Proprietors/createMultiple',
    {
      summary: 'Create several properties',
      body: createMultipleBody,
      response: okEnvelope(z.array(projectSchema)),
      config: { roles: OPS },
    },
    async (request) => createProjects(ctx, request.body.projects),
  );
}

/** /api/Proprietors: a property changed or deleted. */
export function projectChangeRoutes(app: ZodApp, ctx: AppContext) {
  const route = zodRoutes(app, ['projects']);
  route.post(
    '/api/Proprietors/update',
    {
      summary: 'Change a property',
      body: updateProjectBody,
      response: okEnvelope(projectSchema),
      config: { roles: OPS },
    },
    async (request) => updateProject(ctx, request.body),
  );
  route.delete(
    '/api/Proprietors/:id',
    {
      summary: 'Delete a property without devices',
      params: z.object({ id: z.string().min(1) }),
      response: okEnvelope(z.null()),
      config: { roles: OPS },
    },
    async (request) => {
      await deleteProject(ctx, request.params.id);
      return null;
    },
  );
}
