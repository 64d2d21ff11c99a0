import { apiPost } from '../api/api-client';

/** `POST /api/ciec/process {ciec}` → 202 `{id}`: starts the CIEC validation job. */
export function startCiecValidation(ciec: string): Promise<{ id: string; message?: string }> {
  return apiPost('/api/ciec/process', { ciec });
}
