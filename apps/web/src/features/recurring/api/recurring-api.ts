import { queryOptions } from '@tanstack/react-query';
import { routes, type RecurringCreate, type RecurringUpdate } from '@facturo/contract';
import { call } from '../../../shared/api/call';
import '../texts';

/** Query keys start with the area and the tenant's RFC. */
export const recurringKeys = { all: (rfc: string) => ['recurring', rfc] as const };

export const recurringQuery = (rfc: string) =>
  queryOptions({ queryKey: recurringKeys.all(rfc), queryFn: ({ signal }) => call(routes['recurring.list'], { signal }) });

export const createRecurring = (body: RecurringCreate) => call(routes['recurring.create'], { body });
export const updateRecurring = (id: number, body: RecurringUpdate) => call(routes['recurring.update'], { params: { id }, body });
export const deleteRecurring = (id: number) => call(routes['recurring.delete'], { params: { id } });
