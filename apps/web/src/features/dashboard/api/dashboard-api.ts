import { queryOptions } from '@tanstack/react-query';
import { routes } from '@facturo/contract';
import { call } from '../../../shared/api/call';
import type { Period } from '../../../shared/period/period-store';

/** Query keys start with the area and the tenant's RFC (STYLE "Data fetching"). */
export const dashboardKeys = { all: (rfc: string) => ['dashboard', rfc] as const };

const params = (rfc: string, p: Period) => ({ rfc, month: p.month, year: p.year });

/** `GET /api/getInMesDashboard/{rfc}/{month}/{year}`: the month's cards (those of the plan) and the daily series. */
export const monthQuery = (rfc: string, p: Period) =>
  queryOptions({ queryKey: ['dashboard', rfc, 'month', p], queryFn: ({ signal }) => call(routes['dashboard.month'], { params: params(rfc, p), signal }) });

/** `GET /api/getIngresosPDashboardV2/…`: paid incomes, expenses and IVA by date (feature 68). */
export const paidQuery = (rfc: string, p: Period) =>
  queryOptions({ queryKey: ['dashboard', rfc, 'paid', p], queryFn: ({ signal }) => call(routes['dashboard.paid'], { params: params(rfc, p), signal }) });

/** `GET /api/getIngresosDashboard/…`: the year month by month (feature 70). */
export const yearQuery = (rfc: string, p: Period) =>
  queryOptions({ queryKey: ['dashboard', rfc, 'year', p.year], queryFn: ({ signal }) => call(routes['dashboard.year'], { params: params(rfc, p), signal }) });
