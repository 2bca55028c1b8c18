import type { currentUserResponse } from '@robot-ads/contracts/accounts/accounts.schemas';
import { useEffect } from 'react';
import type { z } from 'zod';
import { api } from '../lib/api-client';
import { updateUser } from '../lib/session';

export const CURRENT_USER_PATH = '/api/Users/current';

/** Loads the current user's details (after login, after a reload) into the session. */
export async function loadCurrentUser() {
  const user = await api.get<z.infer<typeof currentUserResponse>>(CURRENT_USER_PATH, { silent: true });
  updateUser(user);
  return user;
}

/** Spec section 4: after login the user detail is loaded; done once when the shell opens. */
export function useCurrentUserRefresh(): void {
  useEffect(() => {
    loadCurrentUser().catch(() => {});
  }, []);
}
