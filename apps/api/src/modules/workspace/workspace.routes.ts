import type { FastifyPluginAsync } from 'fastify';
import type { JobContext } from '../../jobs/context';
import { serve } from '../../http/serve';
import { memberRoomFor } from '../../realtime/publisher';
import type { TokenPayload } from '../../http/context';
import { listActivity } from './activity';
import { despachoBoard } from './despacho.service';
import { activateTotp, disableTotp, enrollTotp, setTwoFactorPolicy, totpStatus, twoFactorPolicy } from './two-factor';
import { logActivity } from './activity';
import { personOfRequest, type PersonRow } from './persons.repository';
import { twoFactorChangedEmail } from '../../providers/mail/templates';
import * as ws from './workspace.service';

/** Issue 26: the accountant's workspace (entries in the contract's routes/workspace.ts). */
export const workspaceRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  const deps: ws.WorkspaceDeps = {
    db, mailer: ctx.mailer, publicUrl: ctx.config.publicUrl,
    signPersonToken: (account, person) => app.jwt.sign(
      { sub: account.id, rfc: account.rfc, tv: person.tv, pid: person.pid } satisfies TokenPayload, { expiresIn: ctx.config.tokenTtl },
    ),
  };
  const actor = (req: { account: ws.WorkspaceActor['account']; ip: string }) => ({ account: req.account, ip: req.ip });

  serve(app, 'workspace.myAccounts', (req) => ws.myAccounts(deps, req.account));
  serve(app, 'workspace.switchAccount', (req) => ws.switchAccount(deps, req.account, req.body.rfc));
  serve(app, 'workspace.members', (req) => ws.listMembers(deps, req.account));
  serve(app, 'workspace.invite', (req) => ws.inviteMember(deps, actor(req), req.body.email, req.body.rol));
  serve(app, 'workspace.updateMember', (req) => ws.updateMember(deps, actor(req), req.params.id, req.body.rol));
  serve(app, 'workspace.removeMember', async (req) => {
    const { message, personId } = await ws.removeMember(deps, actor(req), req.params.id);
    // Its open live channel to this account closes now (its next request is refused by the guard).
    if (personId) ctx.publisher.disconnectRoom?.(memberRoomFor(personId, req.account.id));
    return { message };
  });
  serve(app, 'workspace.withdrawInvitation', (req) => ws.withdrawInvitation(deps, actor(req), req.params.id));
  serve(app, 'workspace.invitation', (req) => ws.invitationInfo(deps, req.params.token));
  serve(app, 'workspace.acceptInvitation', (req) => ws.acceptInvitation(deps, req.account, req.ip, req.params.token));
  serve(app, 'workspace.registerFromInvitation', (req) => ws.registerFromInvitation(deps, req.ip, req.params.token, req.body));
  serve(app, 'workspace.activity', (req) => listActivity(db, req.account.id, req.query));
  serve(app, 'workspace.totpEnroll', async (req) => enrollTotp(db, ctx.secrets, await personOfRequest(db, req.account)));
  // Decision 315: a security notice to the person, in its language, whenever its second factor goes on or off.
  const notify = (person: PersonRow, on: boolean) =>
    ctx.mailer.send(twoFactorChangedEmail(person.email, on, ctx.config.publicUrl, person.idioma)).catch(() => undefined);
  serve(app, 'workspace.totpActivate', async (req) => {
    const person = await personOfRequest(db, req.account);
    const answer = await activateTotp(db, ctx.secrets, person, req.body.code);
    await notify(person, true);
    return answer;
  });
  serve(app, 'workspace.totpStatus', async (req) => totpStatus(await personOfRequest(db, req.account)));
  serve(app, 'workspace.totpDisable', async (req) => {
    const person = await personOfRequest(db, req.account);
    const answer = await disableTotp(db, ctx.secrets, person, req.body.code);
    await notify(person, false);
    return answer;
  });
  serve(app, 'workspace.twoFactorPolicy', (req) => twoFactorPolicy(db, req.account.id));
  serve(app, 'workspace.setTwoFactorPolicy', async (req) => {
    const answer = await setTwoFactorPolicy(db, req.account.id, req.body.requerido);
    const person = await personOfRequest(db, req.account);
    await logActivity(db, {
      accountId: req.account.id, personId: person.id, quien: person.email, accion: 'cambio_miembro', ip: req.ip,
      detalle: req.body.requerido ? 'Exigió la verificación en dos pasos a los miembros' : 'Dejó de exigir la verificación en dos pasos',
    });
    return answer;
  });
  serve(app, 'workspace.despacho', async (req) => {
    const person = await personOfRequest(db, req.account);
    return despachoBoard(ctx.database, person.id, req.query);
  });
};
