import type { Page } from '@robot-ads/contracts/common/envelope';
import type { WechatUserDto, WechatUserQuery, wechatUserResponse } from '@robot-ads/contracts/wechat/wechat.schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type { WechatUserDto };

export type WechatUserFilter = WechatUserQuery;

/** Mini-program users, last visit first, filtered and paged on the server. */
export const wechatUsersQuery = (q: WechatUserFilter) =>
  queryOptions({
    queryKey: ['wechat', 'users', q],
    queryFn: () => api.get<Page<WechatUserDto>>('/api/WechatUsers/queryByPage', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const useWechatUsers = (q: WechatUserFilter) => useQuery(wechatUsersQuery(q));

/** The block switch of one user. */
export function useBlockWechatUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, blocked }: { id: string; blocked: boolean }) =>
      api.put<z.infer<typeof wechatUserResponse>>(`/api/WechatUsers/${id}/blocked`, { blocked }),
    onSettled: () => client.invalidateQueries({ queryKey: ['wechat', 'users'] }),
  });
}
