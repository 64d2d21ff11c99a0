import { queryOptions } from '@tanstack/react-query';
import {
  routes, type ActivityInput, type Profile, type RouteResult, type ChangePasswordInput, type CredentialKind, type ObligationInput, type ProfileUpdateInput,
} from '@facturo/contract';
import { call, routeUrl } from '../../../shared/api/call';
import { startSession } from '../../../shared/session/session-store';

/** Query keys start with the area and the RFC (a switch of account never reuses cached data). */
export const profileKeys = {
  all: (rfc: string) => ['profile', rfc] as const,
  profile: (rfc: string) => ['profile', rfc, 'info'] as const,
  credential: (rfc: string, kind: CredentialKind) => ['profile', rfc, 'credential', kind] as const,
  ciec: (rfc: string) => ['profile', rfc, 'ciec'] as const,
  csf: (rfc: string, page: number, perPage: number) => ['profile', rfc, 'csf', page, perPage] as const,
  obligations: (rfc: string, page: number, perPage: number) => ['profile', rfc, 'obligations', page, perPage] as const,
  activities: (rfc: string, page: number, perPage: number) => ['profile', rfc, 'activities', page, perPage] as const,
};

/** The whole profile (without `onlyAddress` the answer is never the address-only shape). */
export const profileQuery = (rfc: string) =>
  queryOptions({ queryKey: profileKeys.profile(rfc), queryFn: ({ signal }) => call(routes['profile.show'], { signal }).then(wholeProfile) });

function wholeProfile(r: RouteResult<(typeof routes)['profile.show']>): Profile {
  if (!('rfc' in r)) throw new Error('El perfil llegó incompleto');
  return r;
}

const CREDENTIAL = { csd: routes['profile.csd'], efirma: routes['profile.efirma'] } as const;
const CREDENTIAL_UPLOAD = { csd: routes['profile.uploadCsd'], efirma: routes['profile.uploadEfirma'] } as const;

export const credentialQuery = (rfc: string, kind: CredentialKind) =>
  queryOptions({ queryKey: profileKeys.credential(rfc, kind), queryFn: ({ signal }) => call(CREDENTIAL[kind], { signal }) });

export const ciecQuery = (rfc: string) =>
  queryOptions({ queryKey: profileKeys.ciec(rfc), queryFn: ({ signal }) => call(routes['profile.ciec'], { signal }) });

export const csfQuery = (rfc: string, page: number, perPage: number) =>
  queryOptions({ queryKey: profileKeys.csf(rfc, page, perPage), queryFn: ({ signal }) => call(routes['profile.csfList'], { signal, query: { page, perPage } }) });

/** The constancia's PDF, for the authed viewer (the table names the path; the list gives only the id). */
export const csfFileUrl = (id: number) => routeUrl(routes['profile.csfFile'], { id });

/** The profile picture; the session's `?v=` (changes with each upload) keeps browser caches honest. */
export function avatarUrl(img: string | null | undefined): string | null {
  if (!img) return null;
  const v = new URL(img, 'http://local').searchParams.get('v');
  return routeUrl(routes['profile.avatar'], undefined, { v });
}

export const obligationsQuery = (rfc: string, page: number, perPage: number) =>
  queryOptions({ queryKey: profileKeys.obligations(rfc, page, perPage), queryFn: ({ signal }) => call(routes['profile.obligations'], { signal, query: { page, perPage } }) });

export const activitiesQuery = (rfc: string, page: number, perPage: number) =>
  queryOptions({ queryKey: profileKeys.activities(rfc, page, perPage), queryFn: ({ signal }) => call(routes['profile.activities'], { signal, query: { page, perPage } }) });

// Forms show field errors themselves (§8 pass-through), so the default toast is skipped.
export const updateProfile = (input: ProfileUpdateInput) => call(routes['profile.update'], { body: input, passThrough: true });
export const changePassword = (input: ChangePasswordInput) => call(routes['profile.changePassword'], { body: input, passThrough: true });
export const addObligation = (input: ObligationInput) => call(routes['profile.addObligation'], { body: input, passThrough: true });
export const deleteObligation = (id: number) => call(routes['profile.deleteObligation'], { params: { id } });
export const addActivity = (input: ActivityInput) => call(routes['profile.addActivity'], { body: input, passThrough: true });
export const deleteActivity = (id: number) => call(routes['profile.deleteActivity'], { params: { id } });

/** 202 `{id}` of the live validation job (multipart: .cer, .key and the password). */
export function uploadCredential(kind: CredentialKind, files: { cer: File; key: File; password: string }) {
  const body = new FormData();
  body.append('cer', files.cer);
  body.append('key', files.key);
  body.append('password', files.password);
  return call(CREDENTIAL_UPLOAD[kind], { body, passThrough: true });
}

export function uploadAvatar(file: File) {
  const body = new FormData();
  body.append('avatar', file);
  return call(routes['profile.uploadAvatar'], { body, passThrough: true });
}

export function uploadCsf(file: File) {
  const body = new FormData();
  body.append('file', file);
  return call(routes['profile.uploadCsf'], { body, passThrough: true });
}

/**
 * Re-reads the session (name, picture, régimen) after a profile change; with `token` (a password
 * change ended the old one) it also replaces the stored token. A failure leaves the session as it was.
 */
export async function refreshSession(token?: string): Promise<void> {
  const session = await call(routes['auth.session'], { token, passThrough: true }).catch(() => null);
  if (session) startSession(session);
}
