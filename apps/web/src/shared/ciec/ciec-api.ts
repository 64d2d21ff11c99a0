// The entry (login, guard, session) imports its area's entries, not the whole table: /login stays small (issue 19).
import { sessionRoutes } from '@facturo/contract/routes/session';
import { call } from '../api/call';

/** 202 `{id}`: starts the CIEC validation job. */
export function startCiecValidation(ciec: string): Promise<{ id: string; message?: string }> {
  return call(sessionRoutes['ciec.validate'], { body: { ciec } });
}
