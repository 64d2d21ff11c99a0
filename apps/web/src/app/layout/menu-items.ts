import { roleAllows, type MemberRole } from '@facturo/contract';
import {
  IconBuildingBank,
  IconBook,
  IconCalculator,
  IconCash,
  IconCreditCard,
  IconFileInvoice,
  IconFileMinus,
  IconHome,
  IconReceipt2,
  IconReceiptRefund,
  IconReportMoney,
  IconSpeakerphone,
  IconTrendingDown,
  IconTrendingUp,
  IconUser,
  IconUsersGroup,
  IconBox,
  IconAddressBook,
  IconScale,
  IconWallet,
  IconLayoutBoard,
  type Icon,
} from '@tabler/icons-react';

export interface MenuLink {
  /** i18n key of the label. */
  label: string;
  to: string;
  icon?: Icon;
}

export interface MenuGroup {
  label: string;
  icon: Icon;
  children: MenuLink[];
}

export type MenuItem = MenuLink | MenuGroup;

export const isGroup = (m: MenuItem): m is MenuGroup => 'children' in m;

/**
 * Tenants (project ids) whose payroll menu lists only Emitidas and Recibidas (§2.5).
 * The spec names "one specific tenant" without saying which: set it with VITE_PAYROLL_BASIC_TENANT.
 */
export function isPayrollBasicTenant(projectId: string | undefined, basicTenant: string | undefined): boolean {
  return Boolean(projectId && basicTenant && projectId === basicTenant);
}

/** Payroll submenu (§2.5): Emitidas, Recibidas, plus Empleados, Prenómina and Nómina for most tenants. */
export function payrollMenu(basicOnly: boolean): MenuLink[] {
  const base: MenuLink[] = [
    { label: 'menu.emitted', to: '/payroll/emitted' },
    { label: 'menu.received', to: '/payroll/received' },
  ];
  if (basicOnly) return base;
  return [
    ...base,
    { label: 'menu.employees', to: '/employees' },
    { label: 'menu.prePayroll', to: '/pre-payroll' },
    { label: 'menu.payroll', to: '/payroll' },
  ];
}

/** The vertical menu: every §2.1 area. */
export function buildMenu(basicPayroll: boolean): MenuItem[] {
  return [
    { label: 'menu.dashboard', to: '/dashboard/home', icon: IconHome },
    {
      label: 'menu.invoicing',
      icon: IconFileInvoice,
      children: [
        { label: 'menu.invoicingAdd', to: '/invoicing/add' },
        { label: 'menu.invoicingTemplate', to: '/invoicing/template' },
        { label: 'recurring.menu', to: '/invoicing/recurring' },
        { label: 'bulk.sheet.menu', to: '/invoicing/sheet' },
        { label: 'portal.menu', to: '/invoicing/portal' },
      ],
    },
    { label: 'menu.incomes', to: '/incomes', icon: IconTrendingUp },
    { label: 'menu.outcomes', to: '/outcomes', icon: IconTrendingDown },
    {
      label: 'menu.accounts',
      icon: IconScale,
      children: [
        { label: 'menu.accountsReceive', to: '/accounts/per-receive' },
        { label: 'menu.accountsPay', to: '/accounts/per-pay' },
      ],
    },
    {
      label: 'menu.creditNotes',
      icon: IconReceiptRefund,
      children: [
        { label: 'menu.emitted', to: '/credit-notes/emitted' },
        { label: 'menu.received', to: '/credit-notes/received' },
      ],
    },
    { label: 'menu.paymentReception', to: '/payment-reception', icon: IconCash },
    { label: 'menu.bank', to: '/bancos', icon: IconBuildingBank },
    { label: 'menu.payrollGroup', icon: IconUsersGroup, children: payrollMenu(basicPayroll) },
    {
      label: 'menu.retentions',
      icon: IconFileMinus,
      children: [
        { label: 'menu.emitted', to: '/retentions/issued' },
        { label: 'menu.received', to: '/retentions/received' },
      ],
    },
    { label: 'menu.statements', to: '/statements', icon: IconReportMoney },
    { label: 'menu.contabilidad', to: '/contabilidad', icon: IconCalculator },
    { label: 'menu.products', to: '/products', icon: IconBox },
    { label: 'menu.clients', to: '/clients', icon: IconAddressBook },
    {
      label: 'menu.account',
      icon: IconUser,
      children: [
        { label: 'menu.profile', to: '/profile', icon: IconUser },
        { label: 'menu.plans', to: '/plans', icon: IconWallet },
        { label: 'menu.payments', to: '/payments', icon: IconReceipt2 },
        { label: 'menu.paymentCards', to: '/payment-cards', icon: IconCreditCard },
        { label: 'workspace.members', to: '/cuenta/miembros' },
        { label: 'workspace.activity', to: '/cuenta/actividad' },
        { label: 'workspace.apiKeys', to: '/cuenta/llaves-api' },
      ],
    },
    { label: 'workspace.board', to: '/despacho', icon: IconLayoutBoard },
    { label: 'menu.tutorials', to: '/tutorials', icon: IconBook },
    { label: 'menu.announcement', to: '/app/announcement', icon: IconSpeakerphone },
  ];
}


/**
 * Issue 26 §2: the least member role a screen needs (the server refuses the calls anyway; the menu just does
 * not offer what the role cannot do).
 */
const SCREEN_ROLES: [RegExp, MemberRole][] = [
  [/^\/(cuenta\/miembros|cuenta\/llaves-api|plans|payments|payment-cards)(\/|$)/, 'duenio'],
  [/^\/(cuenta\/actividad|statements|profile)(\/|$)/, 'contador'],
];
export function screenRole(to: string): MemberRole {
  return SCREEN_ROLES.find(([re]) => re.test(to))?.[1] ?? 'lectura';
}

/** The menu without the screens `role` cannot use (a group with no screen left disappears). */
export function menuForRole(menu: MenuItem[], role: MemberRole): MenuItem[] {
  return menu.flatMap((item): MenuItem[] => {
    if (!isGroup(item)) return roleAllows(role, screenRole(item.to)) ? [item] : [];
    const children = item.children.filter((c) => roleAllows(role, screenRole(c.to)));
    return children.length ? [{ ...item, children }] : [];
  });
}
