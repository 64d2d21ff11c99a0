import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type ActivityAction, type DESPACHO_SORTS, type EmailLanguage, type MemberRole } from '@facturo/contract';
import { call } from '../../../shared/api/call';
import { queryClient } from '../../../shared/api/query-client';
import { getToken, startSession } from '../../../shared/session/session-store';
import '../texts';

/** Query keys of the workspace: the person's accounts are the person's, the rest the current account's. */
export const workspaceKeys = {
  myAccounts: (token: string | null) => ['workspace', 'me', token] as const,
  members: (rfc: string) => ['workspace', rfc, 'members'] as const,
  activity: (rfc: string, q: ActivityFilters) => ['workspace', rfc, 'activity', q] as const,
  despacho: (page: number) => ['workspace', 'despacho', page] as const,
};

export interface ActivityFilters { desde?: string; hasta?: string; accion?: ActivityAction }

export const myAccountsQuery = () => queryOptions({
  queryKey: workspaceKeys.myAccounts(getToken()),
  queryFn: ({ signal }) => call(routes['workspace.myAccounts'], { signal }),
  staleTime: 60_000,
});

/** The signed-in person's role in the current account (owner while unknown: the single-owner case). */
export function useMyRole(): MemberRole {
  const { data } = useQuery(myAccountsQuery());
  return data?.find((a) => a.actual)?.rol ?? 'duenio';
}

let switchTurn = 0;

/**
 * Switches to another account: a token scoped to it, then the session of that account (GET /api/user) and
 * an empty cache, so no list of the previous account is shown under the new RFC. When two switches overlap
 * (a `?cuenta=` link and a click in the switcher), the later one wins: an earlier answer arriving last is
 * dropped instead of undoing it. Tells whether this switch was applied.
 */
export async function switchAccount(rfc: string): Promise<boolean> {
  const turn = ++switchTurn;
  const { access_token } = await call(routes['workspace.switchAccount'], { body: { rfc } });
  const session = await call(routes['auth.session'], { token: access_token });
  if (turn !== switchTurn) return false;
  queryClient.clear();
  startSession(session);
  return true;
}

export const twoFactorPolicyQuery = (rfc: string) => queryOptions({
  queryKey: ['workspace', rfc, 'two-factor-policy'] as const,
  queryFn: ({ signal }) => call(routes['workspace.twoFactorPolicy'], { signal }),
});
export const setTwoFactorPolicy = (requerido: boolean) => call(routes['workspace.setTwoFactorPolicy'], { body: { requerido } });
export const myTwoFactorQuery = () => queryOptions({
  queryKey: ['workspace', 'me', 'two-factor'] as const,
  queryFn: ({ signal }) => call(routes['workspace.totpStatus'], { signal }),
});

export const membersQuery = (rfc: string) => queryOptions({
  queryKey: workspaceKeys.members(rfc),
  queryFn: ({ signal }) => call(routes['workspace.members'], { signal }),
});
export const inviteMember = (email: string, rol: MemberRole) => call(routes['workspace.invite'], { body: { email, rol }, passThrough: true });
export const updateMember = (id: number, rol: MemberRole) => call(routes['workspace.updateMember'], { params: { id }, body: { rol } });
export const removeMember = (id: number) => call(routes['workspace.removeMember'], { params: { id } });
export const withdrawInvitation = (id: number) => call(routes['workspace.withdrawInvitation'], { params: { id } });

export const activityQuery = (rfc: string, q: ActivityFilters) => queryOptions({
  queryKey: workspaceKeys.activity(rfc, q),
  queryFn: ({ signal }) => call(routes['workspace.activity'], { query: q, signal }),
});

export interface DespachoParams { page: number; sort?: (typeof DESPACHO_SORTS)[number]; dir?: 'asc' | 'desc'; q?: string; pendientes?: boolean }
/** Sorted, filtered and paged on the server (issue 26 §5), so 500 accounts never travel at once. */
export const despachoQuery = (p: DespachoParams) => queryOptions({
  queryKey: [...workspaceKeys.despacho(p.page), p] as const,
  queryFn: ({ signal }) => call(routes['workspace.despacho'], {
    query: { page: p.page, perPage: 200, sort: p.sort, dir: p.dir, q: p.q || undefined, pendientes: p.pendientes ? 'true' : undefined }, signal,
  }),
  placeholderData: keepPreviousData,
});

export const invitationQuery = (token: string) => queryOptions({
  queryKey: ['workspace', 'invitation', token],
  queryFn: ({ signal }) => call(routes['workspace.invitation'], { params: { token }, signal, passThrough: true }),
  retry: false,
});
export const acceptInvitation = (token: string) => call(routes['workspace.acceptInvitation'], { params: { token } });
export const registerFromInvitation = (token: string, nombre: string, password: string) =>
  call(routes['workspace.registerFromInvitation'], { params: { token }, body: { nombre, password }, passThrough: true });

// --- «Mis datos» (decision 315): the person's own settings ------------------------------------------------

export const meQuery = () => queryOptions({
  queryKey: ['workspace', 'me', 'datos'] as const,
  queryFn: ({ signal }) => call(routes['workspace.me'], { signal }),
});
export const updateMe = (body: { nombre?: string; idioma?: EmailLanguage }) =>
  call(routes['workspace.updateMe'], { body, passThrough: true });

/** The other sessions end; this one continues with the fresh token the API answers. */
export async function changeMyPassword(actual: string, nueva: string): Promise<string> {
  const { message, access_token } = await call(routes['workspace.myPassword'], { body: { actual, nueva }, passThrough: true });
  startSession(await call(routes['auth.session'], { token: access_token }));
  return message;
}
export const requestEmailChange = (email: string, actual: string) =>
  call(routes['workspace.myEmail'], { body: { email, actual }, passThrough: true });
export const confirmMyEmail = (token: string) => call(routes['workspace.confirmMyEmail'], { body: { token }, passThrough: true });
