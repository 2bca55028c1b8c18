import type { Ok, Page } from '@robot-ads/contracts/common/envelope';
import type {
  OwnerDto,
  ownerQuery,
  ProjectDto,
  projectQuery,
  projectRobotsQuery,
  robotSchema,
} from '@robot-ads/contracts/devices/devices.schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type Owner = OwnerDto;
export type Property = ProjectDto;
export type PropertyRobot = z.infer<typeof robotSchema>;
type Paged<Q extends z.ZodType> = Omit<z.input<Q>, 'start' | 'limit'> & { start: number; limit: number };

/** GET /api/Proprietors/authorization: owner (project) accounts with their property and authorization. */
export const ownersQuery = (q: Paged<typeof ownerQuery>) =>
  queryOptions({
    queryKey: ['owners', 'accounts', q],
    queryFn: () => api.get<Page<Owner>>('/api/Proprietors/authorization', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const useOwners = (q: Paged<typeof ownerQuery>) => useQuery(ownersQuery(q));

/** GET /api/Proprietors/querybypage: properties (name, type, province), paged. */
export const propertiesQuery = (q: Paged<typeof projectQuery>) =>
  queryOptions({
    queryKey: ['owners', 'properties', q],
    queryFn: () => api.get<Page<Property>>('/api/Proprietors/querybypage', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const useProperties = (q: Paged<typeof projectQuery>, enabled = true) =>
  useQuery({ ...propertiesQuery(q), enabled });

/** GET /api/Proprietors/queryRobotsByPage: a property's robots, paged. */
export const propertyRobotsQuery = (q: Paged<typeof projectRobotsQuery>) =>
  queryOptions({
    queryKey: ['owners', 'robots', q],
    queryFn: () => api.get<Page<PropertyRobot>>('/api/Proprietors/queryRobotsByPage', { query: { ...q } }),
    enabled: Boolean(q.projectId),
    placeholderData: keepPreviousData,
  });
export const usePropertyRobots = (q: Paged<typeof projectRobotsQuery>) => useQuery(propertyRobotsQuery(q));

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['owners'] });
}

/** Owner authorization: give a property (add), open or remove (login refused). */
export function useOwnerAuthorization() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (
      op: { kind: 'add'; accountId: string; projectId: string } | { kind: 'open' | 'remove'; accountId: string },
    ) => {
      const { kind, ...body } = op;
      return api.post<Ok<Owner>>(`/api/Proprietors/authorization/${kind}`, body);
    },
    onSuccess: invalidate,
  });
}
