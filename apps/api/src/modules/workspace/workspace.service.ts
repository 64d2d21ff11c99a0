import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { MEMBER_ROLE_LABELS, type Member, type MemberRole, type MyAccount } from '@facturo/contract';
import type { Db } from '../../db/client';
import { invitations, memberships, persons, users } from '../../db/schema';
import type { Mailer } from '../../providers/mail/mailer';
import { hashPassword } from '../../security/passwords';
import { badRequest, fieldError, forbidden, notFound } from '../../http/errors';
import type { Account } from '../../http/context';
import { logActivity } from './activity';
import { heldByPolicy, twoFactorRequired } from './two-factor';
import { invitationAcceptedEmail } from '../../providers/mail/templates';
import { accountsOf, findPersonByEmail, findPersonById, membershipOf, personOfRequest, type PersonRow, type TokenPerson } from './persons.repository';

export interface WorkspaceDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** A person-scoped token for `account` (issue 26). */
  signPersonToken: (account: { id: number; rfc: string }, person: TokenPerson) => string;
}

const INVITATION_DAYS = 7;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function myAccounts(deps: WorkspaceDeps, account: Account): Promise<MyAccount[]> {
  const person = await personOfRequest(deps.db, account);
  return (await accountsOf(deps.db, person.id)).map((a) => ({ rfc: a.rfc, nombre: a.nombre, rol: a.rol, actual: a.id === account.id }));
}

async function tokenFor(deps: WorkspaceDeps, person: PersonRow, target: { id: number; rfc: string }): Promise<string> {
  await deps.db.update(persons).set({ lastAccountId: target.id }).where(eq(persons.id, person.id));
  return deps.signPersonToken(target, { pid: person.id, tv: person.tokenVersion });
}

export async function switchAccount(deps: WorkspaceDeps, account: Account, rfc: string) {
  const person = await personOfRequest(deps.db, account);
  const [target] = await deps.db.select().from(users).where(eq(users.rfc, rfc)).limit(1);
  const rol = target ? await membershipOf(deps.db, person.id, target.id) : undefined;
  // Same answer for an RFC that does not exist and one the person does not belong to.
  if (!target || !rol) throw forbidden('No eres miembro de la cuenta con ese RFC');
  // Decision 291: the account asks for two-factor and this member has none yet: enrol first, then switch.
  if (heldByPolicy(target.requireTwoFactor, rol, person.totpEnabled)) throw twoFactorRequired();
  return { access_token: await tokenFor(deps, person, target), rfc: target.rfc, nombre: target.fullName ?? target.rfc, rol };
}

export async function listMembers(deps: WorkspaceDeps, account: Account): Promise<Member[]> {
  const me = await personOfRequest(deps.db, account);
  const rows = await deps.db.select({ id: memberships.id, rol: memberships.rol, personId: persons.id, email: persons.email, nombre: persons.fullName })
    .from(memberships).innerJoin(persons, eq(persons.id, memberships.personId))
    .where(eq(memberships.userId, account.id)).orderBy(asc(memberships.id));
  const pending = await deps.db.select().from(invitations)
    .where(and(eq(invitations.userId, account.id), isNull(invitations.acceptedAt), gt(invitations.expiresAt, new Date())))
    .orderBy(asc(invitations.id));
  return [
    ...rows.map((r) => ({ id: r.id, email: r.email, nombre: r.nombre, rol: r.rol, estado: 'activo' as const, yo: r.personId === me.id, expira: null })),
    ...pending.map((i) => ({ id: i.id, email: i.email, nombre: null, rol: i.rol, estado: 'invitado' as const, yo: false, expira: i.expiresAt.toISOString() })),
  ];
}

function invitationEmail(to: string, accountName: string, rfc: string, rol: MemberRole, link: string) {
  const lines = [
    `Te invitaron a trabajar en la cuenta de ${accountName} (RFC ${rfc}) con el rol ${MEMBER_ROLE_LABELS[rol]}.`,
    `Acepta la invitación en ${link}`,
    `El enlace sirve una sola vez y vence en ${INVITATION_DAYS} días.`,
  ];
  const html = `<!doctype html><html lang="es"><body style="font-family:sans-serif;color:#222"><h2>Invitación a Facturo</h2>`
    + `<p>${escapeHtml(lines[0]!)}</p><p><a href="${escapeHtml(link)}">Aceptar la invitación</a></p><p>${escapeHtml(lines[2]!)}</p></body></html>`;
  return { to, subject: `Invitación a la cuenta ${rfc}`, text: lines.join('\n'), html };
}
const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export interface WorkspaceActor { account: Account; ip: string }
type Actor = WorkspaceActor;

async function logMemberChange(deps: WorkspaceDeps, actor: Actor, detalle: string): Promise<void> {
  const person = await personOfRequest(deps.db, actor.account);
  await logActivity(deps.db, { accountId: actor.account.id, personId: person.id, quien: person.email, accion: 'cambio_miembro', ip: actor.ip, detalle });
}

export async function inviteMember(deps: WorkspaceDeps, actor: Actor, email: string, rol: MemberRole): Promise<Member> {
  const { account } = actor;
  const existing = await findPersonByEmail(deps.db, email);
  if (existing && await membershipOf(deps.db, existing.id, account.id)) throw fieldError('email', 'Esa persona ya es miembro de la cuenta');
  const me = await personOfRequest(deps.db, account);
  // The account id leads the token so the lookup stays within one account (sharding key); the rest is random.
  const token = `${account.id}.${randomBytes(24).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  const [row] = await deps.db.insert(invitations)
    .values({ userId: account.id, email, rol, tokenHash: hashToken(token), invitedBy: me.id, expiresAt }).returning();
  const [owner] = await deps.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, account.id)).limit(1);
  await deps.mailer.send(invitationEmail(email, owner?.fullName ?? account.rfc, account.rfc, rol, `${deps.publicUrl.replace(/\/$/, '')}/invitacion/${token}`));
  await logMemberChange(deps, actor, `Invitó a ${email} como ${MEMBER_ROLE_LABELS[rol]}`);
  return { id: row!.id, email, nombre: null, rol, estado: 'invitado', yo: false, expira: expiresAt.toISOString() };
}

async function ownersLeft(db: Db, accountId: number, exceptMembershipId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(memberships)
    .where(and(eq(memberships.userId, accountId), eq(memberships.rol, 'duenio'), ne(memberships.id, exceptMembershipId)));
  return row?.n ?? 0;
}

async function memberRow(deps: WorkspaceDeps, account: Account, id: number) {
  const [row] = await deps.db.select({ id: memberships.id, rol: memberships.rol, personId: persons.id, email: persons.email, nombre: persons.fullName })
    .from(memberships).innerJoin(persons, eq(persons.id, memberships.personId))
    .where(and(eq(memberships.userId, account.id), eq(memberships.id, id))).limit(1);
  if (!row) throw notFound('El miembro no existe');
  return row;
}

export async function updateMember(deps: WorkspaceDeps, actor: Actor, id: number, rol: MemberRole): Promise<Member> {
  const row = await memberRow(deps, actor.account, id);
  const me = await personOfRequest(deps.db, actor.account);
  if (row.personId === me.id) throw fieldError('rol', 'No puedes cambiar tu propio rol');
  if (row.rol === 'duenio' && rol !== 'duenio' && await ownersLeft(deps.db, actor.account.id, id) === 0) {
    throw fieldError('rol', 'La cuenta debe conservar al menos un dueño');
  }
  await deps.db.update(memberships).set({ rol, updatedAt: new Date() }).where(and(eq(memberships.userId, actor.account.id), eq(memberships.id, id)));
  await logMemberChange(deps, actor, `Cambió el rol de ${row.email}: ${MEMBER_ROLE_LABELS[row.rol]} → ${MEMBER_ROLE_LABELS[rol]}`);
  return { id, email: row.email, nombre: row.nombre, rol, estado: 'activo', yo: false, expira: null };
}

export async function removeMember(deps: WorkspaceDeps, actor: Actor, id: number): Promise<{ message: string; personId?: number }> {
  const accountId = actor.account.id;
  const row = await memberRow(deps, actor.account, id);
  const me = await personOfRequest(deps.db, actor.account);
  if (row.personId === me.id) throw fieldError('id', 'No puedes quitarte a ti mismo de la cuenta');
  if (row.rol === 'duenio' && await ownersLeft(deps.db, accountId, id) === 0) throw fieldError('id', 'La cuenta debe conservar al menos un dueño');
  await deps.db.delete(memberships).where(and(eq(memberships.userId, accountId), eq(memberships.id, id)));
  await logMemberChange(deps, actor, `Quitó a ${row.email} (${MEMBER_ROLE_LABELS[row.rol]})`);
  return { message: 'El miembro ya no tiene acceso a la cuenta', personId: row.personId };
}

export async function withdrawInvitation(deps: WorkspaceDeps, actor: Actor, id: number): Promise<{ message: string }> {
  const [inv] = await deps.db.delete(invitations)
    .where(and(eq(invitations.userId, actor.account.id), eq(invitations.id, id), isNull(invitations.acceptedAt))).returning();
  if (!inv) throw notFound('La invitación no existe o ya fue aceptada');
  await logMemberChange(deps, actor, `Retiró la invitación de ${inv.email}`);
  return { message: 'Invitación retirada' };
}

/** A pending, unexpired invitation by its token (the account id leads the token). */
async function openInvitation(db: Db, token: string) {
  const accountId = Number(token.split('.')[0]);
  if (!Number.isInteger(accountId) || accountId <= 0 || accountId > 2_147_483_647) throw notFound('La invitación no existe o ya venció');
  const [row] = await db.select({ inv: invitations, rfc: users.rfc, nombre: users.fullName }).from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(and(eq(invitations.userId, accountId), eq(invitations.tokenHash, hashToken(token)))).limit(1);
  if (!row || row.inv.acceptedAt || row.inv.expiresAt <= new Date()) throw notFound('La invitación no existe, ya se usó o venció');
  return { ...row.inv, rfc: row.rfc, nombre: row.nombre ?? row.rfc };
}

export async function invitationInfo(deps: WorkspaceDeps, token: string) {
  const inv = await openInvitation(deps.db, token);
  return { rfc: inv.rfc, nombre: inv.nombre, email: inv.email, rol: inv.rol, registrado: Boolean(await findPersonByEmail(deps.db, inv.email)) };
}

/** Marks the invitation used and adds the membership in one transaction; a second use finds it taken. */
async function join(db: Db, inv: Awaited<ReturnType<typeof openInvitation>>, personId: number): Promise<MemberRole> {
  return db.transaction(async (tx) => {
    const [taken] = await tx.update(invitations).set({ acceptedAt: new Date(), acceptedBy: personId })
      .where(and(eq(invitations.userId, inv.userId), eq(invitations.id, inv.id), isNull(invitations.acceptedAt))).returning({ id: invitations.id });
    if (!taken) throw notFound('La invitación no existe, ya se usó o venció');
    const [current] = await tx.select({ rol: memberships.rol }).from(memberships)
      .where(and(eq(memberships.userId, inv.userId), eq(memberships.personId, personId))).limit(1);
    if (current) return current.rol;
    await tx.insert(memberships).values({ userId: inv.userId, personId, rol: inv.rol });
    return inv.rol;
  });
}

/** Decision 315: whoever sent the invitation hears that it was accepted, in the language it chose. */
async function notifyInviter(deps: WorkspaceDeps, inv: Awaited<ReturnType<typeof openInvitation>>, who: PersonRow, rol: MemberRole): Promise<void> {
  const inviter = inv.invitedBy ? await findPersonById(deps.db, inv.invitedBy) : undefined;
  if (!inviter || inviter.id === who.id) return;
  const name = who.fullName ? `${who.fullName} (${who.email})` : who.email;
  // A notice: a mail failure must not undo the membership that is already in place.
  await deps.mailer.send(invitationAcceptedEmail(inviter.email, name, inv.rfc, rol, inviter.idioma)).catch(() => undefined);
}

export async function acceptInvitation(deps: WorkspaceDeps, account: Account, ip: string, token: string) {
  const inv = await openInvitation(deps.db, token);
  const person = await personOfRequest(deps.db, account);
  const rol = await join(deps.db, inv, person.id);
  await logActivity(deps.db, { accountId: inv.userId, personId: person.id, quien: person.email, accion: 'cambio_miembro', ip, detalle: `Aceptó la invitación como ${MEMBER_ROLE_LABELS[rol]}` });
  await notifyInviter(deps, inv, person, rol);
  return { rfc: inv.rfc, nombre: inv.nombre, rol, access_token: await tokenFor(deps, person, { id: inv.userId, rfc: inv.rfc }) };
}

export async function registerFromInvitation(deps: WorkspaceDeps, ip: string, token: string, input: { nombre: string; password: string }) {
  const inv = await openInvitation(deps.db, token);
  if (await findPersonByEmail(deps.db, inv.email)) {
    throw badRequest('Ya existe un usuario con este correo: inicia sesión y acepta la invitación', { email: ['Ya existe un usuario con este correo: inicia sesión y acepta la invitación'] });
  }
  const passwordHash = await hashPassword(input.password);
  const [person] = await deps.db.insert(persons).values({ email: inv.email, passwordHash, fullName: input.nombre }).returning();
  const rol = await join(deps.db, inv, person!.id);
  await logActivity(deps.db, { accountId: inv.userId, personId: person!.id, quien: person!.email, accion: 'cambio_miembro', ip, detalle: `Se registró desde la invitación como ${MEMBER_ROLE_LABELS[rol]}` });
  await notifyInviter(deps, inv, person!, rol);
  return { rfc: inv.rfc, nombre: inv.nombre, rol, access_token: await tokenFor(deps, person!, { id: inv.userId, rfc: inv.rfc }) };
}
