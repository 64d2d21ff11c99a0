import { routes } from '@facturo/contract';
import { call } from '../api/call';

/** 202 `{id}`: starts the CIEC validation job. */
export function startCiecValidation(ciec: string): Promise<{ id: string; message?: string }> {
  return call(routes['ciec.validate'], { body: { ciec } });
}
