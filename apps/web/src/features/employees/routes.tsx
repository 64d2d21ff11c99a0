import type { RouteObject } from 'react-router';
import { lazyPage, loadChunk } from '../../shared/routing/lazy-route';

const formPage = (key: string): NonNullable<RouteObject['lazy']> => async () => {
  const { EmployeeFormPage } = await loadChunk(() => import('./pages/employee-form-page'));
  // A key per mode: going from "edit" to "create" mounts a fresh, empty form.
  return { element: <EmployeeFormPage key={key} /> };
};

/** Route module of employees (spec §2.1), mounted inside the guarded app shell. */
export const employeesRoutes: RouteObject[] = [
  { path: '/employees', lazy: lazyPage(() => import('./pages/employees-page'), 'EmployeesPage') },
  { path: '/employees/create', lazy: formPage('create') },
  { path: '/employees/edit/:id', lazy: formPage('edit') },
];
