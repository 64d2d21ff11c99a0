import { z } from 'zod';
import { emailSchema, rfcSchema } from './auth';
import { passwordSchema } from './password';
import { idParam } from './input-rules';
import type { RouteDef } from './route';

/**
 * Issue 26, decision 290: a person's role in one account. Ordered: each role can do everything the ones
 * before it can (lectura < capturista < contador < duenio).
 */
export const MEMBER_ROLES = ['lectura', 'capturista', 'contador', 'duenio'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const memberRoleSchema = z.enum(MEMBER_ROLES, { error: 'El rol debe ser duenio, contador, capturista o lectura' });

export const MEMBER_ROLE_LABELS: Record<MemberRole, string> = {
  duenio: 'Dueño', contador: 'Contador', capturista: 'Capturista', lectura: 'Solo lectura',
};

export function roleAllows(role: MemberRole, needed: MemberRole): boolean {
  return MEMBER_ROLES.indexOf(role) >= MEMBER_ROLES.indexOf(needed);
}

/**
 * Rules by path for entries that do not name a role, so routes added in other branches get a safe one without
 * editing them: the first rule whose pattern matches a write (or any method when `anyMethod`) decides.
 */
const PATH_RULES: { pattern: RegExp; role: MemberRole; anyMethod?: boolean }[] = [
  // Members, plan, cards, subscription, stamp purchase and API keys: the owner only.
  { pattern: /\/(cuenta\/miembros|payments|subscription|timbres|plan(es)?|api-?keys|llaves-api)(\/|$)/, role: 'duenio' },
  // Cancellation, declarations and statements, and fiscal credentials: the accountant.
  { pattern: /cancel/i, role: 'contador' },
  { pattern: /\/(statements|declaraciones?|diot|contabilidad)(\/|$)/, role: 'contador' },
  { pattern: /\/(csd|efirma|e-firma|fiel|ciec)(\/|$)/, role: 'contador' },
  { pattern: /\/profile(\/|$)/, role: 'contador' },
  { pattern: /\/sat\/(constancia|descargas\/ajustes)/, role: 'contador' },
];

/** Writes any member may do: they touch only the person's own session, marks or previews. */
const ANY_MEMBER_WRITES = new Set([
  'auth.logout', 'notifications.markRead', 'notifications.markAllRead', 'announcements.read', 'announcements.readAll',
  'invoicing.preview40', 'invoicing.preview33', 'employees.previewUnsaved',
]);

/** Explicit choices that the path rules would get wrong. */
const NAMED: Record<string, MemberRole> = {
  // The account's own password and its fiscal profile completion belong to the owner.
  'profile.changePassword': 'duenio',
  'auth.completeAccount': 'duenio',
  'dev.accountFlags': 'duenio',
  // Answering a receiver's cancellation request is a cancellation decision.
  'sat.answerCancellation': 'contador',
};

/**
 * The role a route-table entry needs: its own `access.role`, else a named choice, else a path rule, else
 * GET → lectura and any write → capturista.
 */
export function requiredRole(name: string, def: RouteDef): MemberRole {
  if (def.access.role) return def.access.role;
  if (NAMED[name]) return NAMED[name];
  if (def.method === 'GET' || ANY_MEMBER_WRITES.has(name)) return 'lectura';
  for (const rule of PATH_RULES) if (rule.pattern.test(def.path)) return rule.role;
  return 'capturista';
}

export const roleForbiddenMessage = (role: MemberRole, needed: MemberRole) =>
  `Tu rol en esta cuenta (${MEMBER_ROLE_LABELS[role]}) no permite esta acción; se necesita ${MEMBER_ROLE_LABELS[needed]}`;

// --- /api/me: the signed-in person's accounts ---------------------------------------------------------

export const myAccountSchema = z.object({ rfc: z.string(), nombre: z.string(), rol: memberRoleSchema, actual: z.boolean().optional() });
export const myAccountsResponseSchema = z.array(myAccountSchema);
export type MyAccount = z.infer<typeof myAccountSchema>;

export const switchAccountSchema = z.object({ rfc: rfcSchema });
export const switchAccountResponseSchema = z.object({ access_token: z.string(), rfc: z.string(), nombre: z.string(), rol: memberRoleSchema });

// --- members and invitations ----------------------------------------------------------------------------

export const inviteMemberSchema = z.object({
  email: emailSchema,
  rol: memberRoleSchema,
});
export const memberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  nombre: z.string().nullable(),
  rol: memberRoleSchema,
  estado: z.enum(['activo', 'invitado']),
  /** The caller's own membership (it cannot remove or demote itself). */
  yo: z.boolean(),
  expira: z.string().nullable().optional(),
});
export type Member = z.infer<typeof memberSchema>;
export const membersResponseSchema = z.array(memberSchema);
/** A member's id (a membership); a pending invitation is withdrawn by its own id at /api/cuenta/invitaciones/:id. */
export const memberParamsSchema = z.object({ id: idParam('El miembro no existe') });
export const invitationIdParamsSchema = z.object({ id: idParam('La invitación no existe') });
export const updateMemberSchema = z.object({ rol: memberRoleSchema });

export const invitationParamsSchema = z.object({ token: z.string().min(10).max(200) });
export const invitationInfoSchema = z.object({ rfc: z.string(), nombre: z.string(), email: z.string(), rol: memberRoleSchema, registrado: z.boolean() });
export const acceptInvitationResponseSchema = z.object({ rfc: z.string(), nombre: z.string(), rol: memberRoleSchema, access_token: z.string() });
export const registerFromInvitationSchema = z.object({
  nombre: z.string({ error: 'El nombre es obligatorio' }).trim().min(1, 'Escribe tu nombre').max(254),
  password: passwordSchema('La contraseña'),
});

// --- activity log ---------------------------------------------------------------------------------------

export const ACTIVITY_ACTIONS = ['timbro', 'cancelo', 'presento_declaracion', 'subio_credencial', 'cambio_miembro', 'compro_timbres'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];
export const ACTIVITY_LABELS: Record<ActivityAction, string> = {
  timbro: 'Timbró un CFDI', cancelo: 'Canceló', presento_declaracion: 'Presentó una declaración',
  subio_credencial: 'Subió o reemplazó una credencial', cambio_miembro: 'Cambió un miembro', compro_timbres: 'Compró timbres',
};
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha debe tener el formato AAAA-MM-DD');
export const activityQuerySchema = z.object({
  desde: isoDay.optional(), hasta: isoDay.optional(), accion: z.enum(ACTIVITY_ACTIONS).optional(), quien: z.string().max(190).optional(),
});
export const activityRowSchema = z.object({
  id: z.number().int(), quien: z.string(), accion: z.string(), cuando: z.string(), ip: z.string().nullable(), detalle: z.string().nullable(),
});
export type ActivityRow = z.infer<typeof activityRowSchema>;
export const activityResponseSchema = z.array(activityRowSchema);

// --- the accountant's board -----------------------------------------------------------------------------

export const despachoRowSchema = z.object({
  rfc: z.string(),
  nombre: z.string(),
  rol: memberRoleSchema,
  plan: z.string().nullable(),
  timbres: z.number().int().nullable(),
  declaracion: z.object({ estado: z.enum(['pendiente', 'presentada']), fecha: z.string().nullable() }),
  diot: z.object({ estado: z.enum(['pendiente', 'presentada']), fecha: z.string().nullable() }),
  /** PPD invoices paid last month (fecha de pago) with no payment complement yet: their REP is due by `repsVence`. */
  repsPendientes: z.number().int(),
  repsVence: z.string().optional(),
  cancelacionesPendientes: z.number().int(),
  cancelacionHorasRestantes: z.number().nullable(),
  csdDias: z.number().int().nullable(),
  efirmaDias: z.number().int().nullable(),
  ultimaDescarga: z.object({ fecha: z.string(), resultado: z.string() }).nullable(),
});
export type DespachoRow = z.infer<typeof despachoRowSchema>;
/** Board columns the server sorts by (issue 26 §5: sortable, over every account of the person, before paging). */
export const DESPACHO_SORTS = ['rfc', 'nombre', 'rol', 'plan', 'timbres', 'declaracion', 'diot', 'reps', 'cancelaciones', 'csd', 'efirma', 'descarga'] as const;
export const despachoQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  perPage: z.coerce.number().int().min(1).max(500).optional(),
  sort: z.enum(DESPACHO_SORTS, { error: 'Columna de orden no válida' }).optional(),
  dir: z.enum(['asc', 'desc'], { error: 'El orden es asc o desc' }).optional(),
  /** RFC or name contains (case-insensitive). */
  q: z.string().trim().max(100).optional(),
  rol: memberRoleSchema.optional(),
  /** Only accounts with something pending this month (declaration, DIOT, REPs, cancellations, a credential within 30 days). */
  pendientes: z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1').optional(),
});
export const despachoResponseSchema = z.object({
  periodo: z.object({ year: z.number().int(), month: z.number().int() }),
  total: z.number().int(),
  data: z.array(despachoRowSchema),
});

// --- two-factor sign-in (TOTP) -----------------------------------------------------------------------------

export const totpEnrollResponseSchema = z.object({ secret: z.string(), otpauth_url: z.string(), qr: z.string() });
export const totpActivateSchema = z.object({ code: z.string({ error: 'Escribe el código' }).trim().regex(/^\d{6}$/, 'El código tiene 6 dígitos') });
export const totpActivateResponseSchema = z.object({ recovery_codes: z.array(z.string()) });
/** Decision 291: turning two-factor off (or starting over) takes a current code or a recovery code. */
export const totpDisableSchema = z.object({
  code: z.string({ error: 'Escribe un código de tu app o un código de recuperación' }).trim()
    .min(6, 'Escribe un código de tu app o un código de recuperación').max(20, 'El código no es válido'),
});
/** Decision 291: the owner's policy — members (not owners) must have two-factor sign-in to work in the account. */
export const twoFactorPolicySchema = z.object({ requerido: z.boolean({ error: 'Indica si la verificación en dos pasos es obligatoria' }) });
export const twoFactorPolicyResponseSchema = z.object({
  requerido: z.boolean(),
  /** Members who would be asked to enrol before their next request. */
  miembros_sin_2fa: z.number().int(),
});
/** The signed-in person's own second factor. */
export const myTwoFactorResponseSchema = z.object({ activo: z.boolean(), codigos_restantes: z.number().int() });
/** The answer (403) when an account asks for two-factor and the person has not enrolled. */
export const TWO_FACTOR_REQUIRED_CODE = 'dos_pasos_requerido';
export const TWO_FACTOR_ENROL_PATH = '/cuenta/seguridad';
