import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AVATAR_MAX_BYTES, type CredentialKind } from '@facturo/contract';
import type { JobContext } from '../../jobs/context';
import type { TokenPayload } from '../../http/context';
import { serve } from '../../http/serve';
import { avatarTooLarge, readAvatar, uploadAvatar } from './avatar';
import { ciecStatus, credentialStatus, startCredentialUpload } from './credentials.service';
import { announceCsf, CSF_FIELD, CSF_MAX_BYTES, listCsf, readCsfFile, uploadCsf } from './csf.service';
import { UserFiles } from './file-store';
import { addActivities, addObligations, deleteActivity, deleteObligation, listActivities, listObligations } from './items.service';
import { readMultipart } from './multipart';
import { changePassword, getProfile, updateProfile } from './profile.service';

/** .cer and .key files are a few KB; anything this large is not one. */
const CREDENTIAL_MAX_BYTES = 64 * 1024;
const credentialTooLarge = (field: string) => (field === 'key' ? 'La llave privada (.key) es demasiado grande' : 'El certificado (.cer) es demasiado grande');

/** Spec §7.15: the fiscal profile, its picture, CSD / e.firma / CIEC, CSF history, obligations and activities. */
export const profileRoutes = (ctx: JobContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  const files = new UserFiles(ctx.config.dataDir);

  serve(app, 'profile.show', (req) => getProfile(db, req.account.id, req.query.onlyAddress));
  serve(app, 'profile.update', (req) => updateProfile(db, req.account.id, req.account.rfc, req.body));

  serve(app, 'profile.changePassword', async (req) => {
    const user = await changePassword(db, req.account.id, req.body);
    const payload: TokenPayload = { sub: user.id, rfc: user.rfc, tv: user.tokenVersion };
    return { message: 'Tu contraseña se actualizó; las demás sesiones se cerraron', access_token: app.jwt.sign(payload, { expiresIn: ctx.config.tokenTtl }) };
  });

  serve(app, 'profile.uploadAvatar', async (req) => {
    const form = await readMultipart(req, { maxFileBytes: AVATAR_MAX_BYTES, tooLarge: avatarTooLarge });
    return uploadAvatar(db, files, req.account.id, form);
  });

  serve(app, 'profile.avatar', async (req, reply) => {
    const avatar = await readAvatar(db, files, req.account.id);
    return reply.type(avatar.type).header('cache-control', 'private, max-age=86400').send(avatar.data);
  });

  const credentialUpload = (kind: CredentialKind) => async (req: FastifyRequest) => {
    const form = await readMultipart(req, { maxFileBytes: CREDENTIAL_MAX_BYTES, tooLarge: credentialTooLarge });
    return startCredentialUpload(ctx, req.account, kind, form);
  };
  serve(app, 'profile.uploadCsd', credentialUpload('csd'));
  serve(app, 'profile.csd', (req) => credentialStatus(db, req.account.id, 'csd'));
  serve(app, 'profile.uploadEfirma', credentialUpload('efirma'));
  serve(app, 'profile.efirma', (req) => credentialStatus(db, req.account.id, 'efirma'));

  serve(app, 'profile.ciec', (req) => ciecStatus(db, req.account.id));

  serve(app, 'profile.csfList', (req) => listCsf(db, req.account.id, req.query));
  serve(app, 'profile.uploadCsf', async (req) => {
    const form = await readMultipart(req, { maxFileBytes: CSF_MAX_BYTES, tooLarge: () => 'La constancia debe pesar como máximo 5 MB' });
    const result = await uploadCsf(db, files, req.account.id, req.account.rfc, form.files[CSF_FIELD]?.data);
    await announceCsf(ctx, req.account, result);
    return result;
  });
  serve(app, 'profile.csfFile', async (req, reply) => {
    const pdf = await readCsfFile(db, files, req.account.id, req.params.id);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="constancia-${req.params.id}.pdf"`).send(pdf);
  });

  serve(app, 'profile.obligations', (req) => listObligations(db, req.account.id, req.query));
  serve(app, 'profile.addObligation', async (req) => (await addObligations(db, req.account.id, [req.body], 'manual'))[0]!);
  serve(app, 'profile.deleteObligation', (req) => deleteObligation(db, req.account.id, req.params.id));

  serve(app, 'profile.activities', (req) => listActivities(db, req.account.id, req.query));
  serve(app, 'profile.addActivity', async (req) => (await addActivities(db, req.account.id, [req.body], 'manual'))[0]!);
  serve(app, 'profile.deleteActivity', (req) => deleteActivity(db, req.account.id, req.params.id));
};
