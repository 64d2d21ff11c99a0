import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { clearSession } from './session-store';
import { logoutRequest } from './logout-request';

/**
 * Logout (§4): tells the API, then clears tokens, user data, notifications, the
 * last-review date and form state (stores holding them reset on the session change)
 * and drops cached server data.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await logoutRequest();
    clearSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}
