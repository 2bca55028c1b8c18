import type {
  AdminMenu,
  menuListResponse,
  menuSubmitBody,
  menuSubmitResponse,
  menuTreeResponse,
  removeResponse,
} from '@robot-ads/contracts/admin/admin.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type { AdminMenu };
export type MenuSubmitInput = z.input<typeof menuSubmitBody>;

/** GET /api/blade-system/menu/list: the whole tree, or the matches of a name filter. */
export const menuListQuery = (name: string) =>
  queryOptions({
    queryKey: ['admin', 'menus', 'list', name],
    queryFn: () =>
      api.get<z.infer<typeof menuListResponse>>('/api/blade-system/menu/list', { query: { name: name || undefined } }),
  });
export const useMenuList = (name: string) => useQuery(menuListQuery(name));

/** GET /api/blade-system/menu/tree: the parent selector. */
export const menuTreeQuery = () =>
  queryOptions({
    queryKey: ['admin', 'menus', 'tree'],
    queryFn: () => api.get<z.infer<typeof menuTreeResponse>>('/api/blade-system/menu/tree'),
  });
export const useMenuTree = () => useQuery(menuTreeQuery());

function useInvalidateMenus() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['admin', 'menus'] });
    // The caller's own sidebar and buttons read the merged tree too.
    void client.invalidateQueries({ queryKey: ['menus'] });
  };
}

/** POST /api/blade-system/menu/submit: creates, or updates the entry with that id. */
export function useSubmitMenu() {
  const invalidate = useInvalidateMenus();
  return useMutation({
    mutationFn: (body: MenuSubmitInput) =>
      api.post<z.infer<typeof menuSubmitResponse>>('/api/blade-system/menu/submit', body, { silent: true }),
    onSuccess: invalidate,
  });
}

/** POST /api/blade-system/menu/remove?ids=a,b */
export function useRemoveMenus() {
  const invalidate = useInvalidateMenus();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.post<z.infer<typeof removeResponse>>('/api/blade-system/menu/remove', undefined, {
        query: { ids: ids.join(',') },
      }),
    onSuccess: invalidate,
  });
}
