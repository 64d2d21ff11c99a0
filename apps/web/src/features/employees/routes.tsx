import type { RouteObject } from 'react-router';
import { EmployeeFormPage } from './pages/employee-form-page';
import { EmployeesPage } from './pages/employees-page';

/** Route module of employees (spec §2.1), mounted inside the guarded app shell. */
export const employeesRoutes: RouteObject[] = [
  { path: '/employees', element: <EmployeesPage /> },
  { path: '/employees/create', element: <EmployeeFormPage key="create" /> },
  { path: '/employees/edit/:id', element: <EmployeeFormPage key="edit" /> },
];
