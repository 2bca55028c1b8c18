import type { accountPage } from '@robot-ads/contracts/accounts/accounts.schemas';
import { OPERATOR_ROLES, type Role } from '@robot-ads/contracts/auth/roles';
import type { deviceBoardSchema } from '@robot-ads/contracts/devices/devices.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

const isOperator = (role: Role | undefined) => role !== undefined && (OPERATOR_ROLES as readonly Role[]).includes(role);

/** Accounts in the operator's scope (the total of a one-row page). */
export const accountTotalQuery = (role: Role | undefined) =>
  queryOptions({
    queryKey: ['dashboards', 'accounts-total'],
    queryFn: async () =>
      (
        await api.get<z.infer<typeof accountPage>>('/api/Users/queryByPage', {
          query: { start: 0, limit: 1 },
          silent: true,
        })
      ).total,
    enabled: isOperator(role),
  });

/** The device board (counts by state, online ratio) for operators and project accounts. */
export const deviceBoardQuery = (role: Role | undefined) =>
  queryOptions({
    queryKey: ['dashboards', 'device-board'],
    queryFn: () =>
      api.get<{ success: true; data: z.infer<typeof deviceBoardSchema> }>('/api/StatisDevices/queryRobotInfo', {
        silent: true,
      }),
    enabled: isOperator(role) || role === 'project',
  });

export function useAccountTotal(role: Role | undefined) {
  return useQuery(accountTotalQuery(role));
}
export function useDeviceBoard(role: Role | undefined) {
  return useQuery(deviceBoardQuery(role));
}
