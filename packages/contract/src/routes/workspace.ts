import {
  acceptInvitationResponseSchema, activityQuerySchema, activityResponseSchema, despachoQuerySchema, despachoResponseSchema,
  invitationIdParamsSchema, invitationInfoSchema, invitationParamsSchema, inviteMemberSchema, memberParamsSchema, memberSchema, membersResponseSchema,
  myAccountsResponseSchema, myTwoFactorResponseSchema, registerFromInvitationSchema, totpDisableSchema, twoFactorPolicyResponseSchema, twoFactorPolicySchema, totpActivateResponseSchema, totpActivateSchema, totpEnrollResponseSchema, switchAccountResponseSchema, switchAccountSchema, updateMemberSchema,
} from '../workspace';
import { messageResponseSchema } from '../auth';
import {
  changeMyEmailSchema, changeMyPasswordResponseSchema, changeMyPasswordSchema, confirmMyEmailResponseSchema, confirmMyEmailSchema, meResponseSchema, updateMeSchema,
} from '../person';
import { route } from '../route';

/** Any member, before the profile is complete and while unpaid: the person's own accounts. */
const person = { allowIncomplete: true, allowUnpaid: true, person: true, role: 'lectura' } as const;

/** Issue 26: the accountant's workspace — a person's accounts, members and invitations, activity log, board. */
export const workspaceRoutes = {
  'workspace.myAccounts': route({
    method: 'GET', path: '/api/me/cuentas', response: myAccountsResponseSchema, access: person,
    summary: 'Las cuentas (RFC) de la persona con su rol en cada una',
  }),
  'workspace.switchAccount': route({
    method: 'POST', path: '/api/me/cuenta', body: switchAccountSchema, response: switchAccountResponseSchema,
    access: { ...person, bodyRfcIsThirdParty: true },
    summary: 'Cambia a otra cuenta de la persona: un token para ese RFC (403 si no es miembro)',
  }),
  'workspace.members': route({
    method: 'GET', path: '/api/cuenta/miembros', response: membersResponseSchema, access: { role: 'duenio' },
    summary: 'Miembros e invitaciones pendientes de la cuenta',
  }),
  'workspace.invite': route({
    method: 'POST', path: '/api/cuenta/miembros', body: inviteMemberSchema, status: 201, response: memberSchema, access: { role: 'duenio' },
    summary: 'Invita por correo a una persona con un rol (enlace de un solo uso, 7 días)',
  }),
  'workspace.updateMember': route({
    method: 'PATCH', path: '/api/cuenta/miembros/:id', params: memberParamsSchema, body: updateMemberSchema, response: memberSchema, access: { role: 'duenio' },
    summary: 'Cambia el rol de un miembro',
  }),
  'workspace.removeMember': route({
    method: 'DELETE', path: '/api/cuenta/miembros/:id', params: memberParamsSchema, response: messageResponseSchema, access: { role: 'duenio' },
    summary: 'Quita a un miembro (su siguiente petición recibe 403 y su canal en vivo a la cuenta se cierra)',
  }),
  'workspace.withdrawInvitation': route({
    method: 'DELETE', path: '/api/cuenta/invitaciones/:id', params: invitationIdParamsSchema, response: messageResponseSchema, access: { role: 'duenio' },
    summary: 'Retira una invitación pendiente (su enlace deja de servir)',
  }),
  'workspace.invitation': route({
    method: 'GET', path: '/api/invitaciones/:token', params: invitationParamsSchema, response: invitationInfoSchema, access: { public: true },
    summary: 'Datos de una invitación vigente (cuenta, correo, rol)',
  }),
  'workspace.acceptInvitation': route({
    method: 'POST', path: '/api/invitaciones/:token/aceptar', params: invitationParamsSchema, response: acceptInvitationResponseSchema, access: person,
    summary: 'La persona que inició sesión acepta la invitación: queda como miembro con el rol invitado',
  }),
  'workspace.registerFromInvitation': route({
    method: 'POST', path: '/api/invitaciones/:token/registro', params: invitationParamsSchema, body: registerFromInvitationSchema,
    status: 201, response: acceptInvitationResponseSchema, access: { public: true },
    summary: 'Una persona nueva se registra desde la invitación (su correo es el invitado) y queda como miembro',
  }),
  'workspace.activity': route({
    method: 'GET', path: '/api/cuenta/actividad', query: activityQuerySchema, response: activityResponseSchema, access: { role: 'contador' },
    summary: 'Bitácora de actividad de la cuenta (solo lectura; se conserva al menos 5 años)',
  }),
  'workspace.totpEnroll': route({
    method: 'POST', path: '/api/me/2fa/inscripcion', response: totpEnrollResponseSchema, access: person,
    summary: 'Verificación en dos pasos: un secreto nuevo con su QR (se activa al confirmar un código)',
  }),
  'workspace.totpActivate': route({
    method: 'POST', path: '/api/me/2fa/activar', body: totpActivateSchema, response: totpActivateResponseSchema, access: person,
    summary: 'Activa la verificación en dos pasos con un primer código; responde 10 códigos de recuperación de un solo uso',
  }),
  'workspace.totpStatus': route({
    method: 'GET', path: '/api/me/2fa', response: myTwoFactorResponseSchema, access: person,
    summary: 'Estado de la verificación en dos pasos de la persona y cuántos códigos de recuperación le quedan',
  }),
  'workspace.totpDisable': route({
    method: 'POST', path: '/api/me/2fa/desactivar', body: totpDisableSchema, response: messageResponseSchema, access: person,
    summary: 'Desactiva la verificación en dos pasos con un código vigente o uno de recuperación (para volver a inscribirse)',
  }),
  'workspace.twoFactorPolicy': route({
    method: 'GET', path: '/api/cuenta/2fa', response: twoFactorPolicyResponseSchema, access: { role: 'duenio' },
    summary: 'Si la cuenta exige verificación en dos pasos a sus miembros',
  }),
  'workspace.setTwoFactorPolicy': route({
    method: 'PUT', path: '/api/cuenta/2fa', body: twoFactorPolicySchema, response: twoFactorPolicyResponseSchema, access: { role: 'duenio' },
    summary: 'El dueño exige (o deja de exigir) la verificación en dos pasos a los miembros de la cuenta',
  }),
  // Decision 315: the person's own settings («Mis datos»). Session only: no API key reaches them (api-keys.ts).
  'workspace.me': route({
    method: 'GET', path: '/api/me', response: meResponseSchema, access: person,
    summary: 'Los datos de la persona que inició sesión: nombre, correo, idioma de sus correos y si tiene verificación en dos pasos',
  }),
  'workspace.updateMe': route({
    method: 'PATCH', path: '/api/me', body: updateMeSchema, response: meResponseSchema, access: person,
    summary: 'Cambia el nombre de la persona o el idioma de los correos que recibe (no toca el perfil fiscal de ninguna cuenta)',
  }),
  'workspace.myPassword': route({
    method: 'POST', path: '/api/me/password', body: changeMyPasswordSchema, response: changeMyPasswordResponseSchema, access: person,
    summary: 'Cambia la contraseña de la persona (pide la actual); sus otras sesiones terminan y esta recibe un token nuevo',
  }),
  'workspace.myEmail': route({
    method: 'POST', path: '/api/me/email', body: changeMyEmailSchema, response: messageResponseSchema, access: person,
    summary: 'Pide cambiar el correo de la persona (pide la contraseña actual): un enlace de confirmación va al correo nuevo',
  }),
  'workspace.confirmMyEmail': route({
    method: 'POST', path: '/api/me/email/confirmar', body: confirmMyEmailSchema, response: confirmMyEmailResponseSchema, access: { public: true },
    summary: 'Confirma el correo nuevo con el enlace que se le envió (vence en 24 horas); se avisa al correo anterior',
  }),
  'workspace.despacho': route({
    method: 'GET', path: '/api/despacho', query: despachoQuerySchema, response: despachoResponseSchema, access: person,
    summary: 'Tablero del despacho: una fila por cuenta de la persona con sus pendientes del mes',
  }),
};
