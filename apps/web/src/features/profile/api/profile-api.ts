import { queryOptions } from '@tanstack/react-query';
import type {
  Activity, ActivityInput, ChangePasswordInput, CiecStatus, CredentialKind, CredentialStatus, CsfUploadResponse, LoginResponse,
  Obligation, ObligationInput, Page, Profile, ProfileAddress, ProfileUpdateInput, TaxCertificate,
} from '@facturo/contract';
import { apiGet, apiRequest } from '../../../shared/api/api-client';
import { ApiError, type ApiErrorBody } from '../../../shared/api/api-error';
import { getToken, startSession } from '../../../shared/session/session-store';

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

export const profileQuery = (rfc: string) =>
  queryOptions({ queryKey: profileKeys.profile(rfc), queryFn: ({ signal }) => apiGet<Profile>('/api/profile', { signal }) });

/** `GET /api/profile?onlyAddress=1`. */
export const getProfileAddress = (signal?: AbortSignal) =>
  apiGet<{ address: ProfileAddress }>('/api/profile', { signal, query: { onlyAddress: 1 } }).then((r) => r.address);

export const credentialQuery = (rfc: string, kind: CredentialKind) =>
  queryOptions({ queryKey: profileKeys.credential(rfc, kind), queryFn: ({ signal }) => apiGet<CredentialStatus>(`/api/profile/${kind}`, { signal }) });

export const ciecQuery = (rfc: string) =>
  queryOptions({ queryKey: profileKeys.ciec(rfc), queryFn: ({ signal }) => apiGet<CiecStatus>('/api/profile/ciec', { signal }) });

export const csfQuery = (rfc: string, page: number, perPage: number) =>
  queryOptions({ queryKey: profileKeys.csf(rfc, page, perPage), queryFn: ({ signal }) => apiGet<Page<TaxCertificate>>('/api/profile/csf', { signal, query: { page, perPage } }) });

export const obligationsQuery = (rfc: string, page: number, perPage: number) =>
  queryOptions({ queryKey: profileKeys.obligations(rfc, page, perPage), queryFn: ({ signal }) => apiGet<Page<Obligation>>('/api/profile/obligations', { signal, query: { page, perPage } }) });

export const activitiesQuery = (rfc: string, page: number, perPage: number) =>
  queryOptions({ queryKey: profileKeys.activities(rfc, page, perPage), queryFn: ({ signal }) => apiGet<Page<Activity>>('/api/profile/activities', { signal, query: { page, perPage } }) });

// Forms show field errors themselves (§8 pass-through), so the default toast is skipped.
export const updateProfile = (input: ProfileUpdateInput) => apiRequest<Profile>('/api/profile', { method: 'PUT', body: input, passThrough: true });
export const changePassword = (input: ChangePasswordInput) =>
  apiRequest<{ message: string; access_token: string }>('/api/profile/password', { method: 'POST', body: input, passThrough: true });
export const addObligation = (input: ObligationInput) => apiRequest<Obligation>('/api/profile/obligations', { method: 'POST', body: input, passThrough: true });
export const deleteObligation = (id: number) => apiRequest<{ message: string }>(`/api/profile/obligations/${id}`, { method: 'DELETE' });
export const addActivity = (input: ActivityInput) => apiRequest<Activity>('/api/profile/activities', { method: 'POST', body: input, passThrough: true });
export const deleteActivity = (id: number) => apiRequest<{ message: string }>(`/api/profile/activities/${id}`, { method: 'DELETE' });

const authHeader = (token = getToken()): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});

/** Multipart POST (the JSON client cannot send files); errors come back as ApiError like the rest. */
async function postForm<T>(path: string, body: FormData): Promise<T> {
  const res = await fetch(path, { method: 'POST', body, headers: authHeader() });
  const json = (await res.json().catch(() => ({}))) as unknown;
  if (!res.ok) throw new ApiError(res.status, json as ApiErrorBody);
  return json as T;
}

/** `POST /api/profile/{csd|efirma}` → 202 `{id}` of the live validation job. */
export function uploadCredential(kind: CredentialKind, files: { cer: File; key: File; password: string }) {
  const body = new FormData();
  body.append('cer', files.cer);
  body.append('key', files.key);
  body.append('password', files.password);
  return postForm<{ id: string; message: string }>(`/api/profile/${kind}`, body);
}

export function uploadAvatar(file: File) {
  const body = new FormData();
  body.append('avatar', file);
  return postForm<{ message: string; img: string }>('/api/profile/avatar', body);
}

export function uploadCsf(file: File) {
  const body = new FormData();
  body.append('file', file);
  return postForm<CsfUploadResponse>('/api/profile/csf', body);
}

/**
 * Re-reads the session (name, picture, régimen) after a profile change; with `token` (a password
 * change ended the old one) it also replaces the stored token.
 */
export async function refreshSession(token?: string): Promise<void> {
  const res = await fetch('/api/user', { headers: authHeader(token ?? getToken()) });
  if (res.ok) startSession((await res.json()) as LoginResponse);
}
