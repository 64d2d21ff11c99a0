import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityInputSchema, activityPageSchema, activitySchema, avatarResponseSchema, changePasswordResponseSchema, changePasswordSchema,
  ciecStatusSchema, credentialStatusSchema, csfUploadResponseSchema, jobStartedSchema, messageResponseSchema, obligationInputSchema,
  obligationPageSchema, obligationSchema, pageQuerySchema, profileItemParamsSchema, profileQuerySchema, profileResponseSchema,
  profileSchema, profileUpdateSchema, taxCertificatePageSchema, AVATAR_MAX_BYTES, type CredentialKind,
} from '@facturo/contract';
import type { JobContext } from '../../jobs/context';
import type { TokenPayload } from '../../http/context';
import { avatarTooLarge, readAvatar, uploadAvatar } from './avatar';
import { ciecStatus, credentialStatus, startCredentialUpload } from './credentials.service';
import { announceCsf, CSF_FIELD, CSF_MAX_BYTES, listCsf, readCsfFile, uploadCsf } from './csf.service';
import { UserFiles } from './file-store';
import { addActivities, addObligations, deleteActivity, deleteObligation, listActivities, listObligations } from './items.service';
import { readMultipart } from './multipart';
import { changePassword, getProfile, updateProfile } from './profile.service';

const tags = ['profile'];
/** .cer and .key files are a few KB; anything this large is not one. */
const CREDENTIAL_MAX_BYTES = 64 * 1024;
const credentialTooLarge = (field: string) => (field === 'key' ? 'La llave privada (.key) es demasiado grande' : 'El certificado (.cer) es demasiado grande');

/** Spec §7.15: the fiscal profile, its picture, CSD / e.firma / CIEC, CSF history, obligations and activities. */
export const profileRoutes = (ctx: JobContext): FastifyPluginAsyncZod => async (app) => {
  const { db } = ctx;
  const files = new UserFiles(ctx.config.dataDir);

  app.get('/api/profile', { schema: { tags, querystring: profileQuerySchema, response: { 200: profileResponseSchema } } },
    (req) => getProfile(db, req.account.id, req.query.onlyAddress));

  app.put('/api/profile', { schema: { tags, body: profileUpdateSchema, response: { 200: profileSchema } } },
    (req) => updateProfile(db, req.account.id, req.account.rfc, req.body));

  app.post('/api/profile/password', { schema: { tags, body: changePasswordSchema, response: { 200: changePasswordResponseSchema } } },
    async (req) => {
      const user = await changePassword(db, req.account.id, req.body);
      const payload: TokenPayload = { sub: user.id, rfc: user.rfc, tv: user.tokenVersion };
      return { message: 'Tu contraseña se actualizó; las demás sesiones se cerraron', access_token: app.jwt.sign(payload, { expiresIn: ctx.config.tokenTtl }) };
    });

  app.post('/api/profile/avatar', { schema: { tags, consumes: ['multipart/form-data'], response: { 200: avatarResponseSchema } } },
    async (req) => {
      const form = await readMultipart(req, { maxFileBytes: AVATAR_MAX_BYTES, tooLarge: avatarTooLarge });
      return uploadAvatar(db, files, req.account.id, form);
    });

  app.get('/api/profile/avatar', { schema: { tags } }, async (req, reply) => {
    const avatar = await readAvatar(db, files, req.account.id);
    return reply.type(avatar.type).header('cache-control', 'private, max-age=86400').send(avatar.data);
  });

  for (const kind of ['csd', 'efirma'] as const satisfies readonly CredentialKind[]) {
    app.post(`/api/profile/${kind}`, { schema: { tags, consumes: ['multipart/form-data'], response: { 202: jobStartedSchema } } },
      async (req, reply) => {
        const form = await readMultipart(req, { maxFileBytes: CREDENTIAL_MAX_BYTES, tooLarge: credentialTooLarge });
        return reply.code(202).send(await startCredentialUpload(ctx, req.account, kind, form));
      });
    app.get(`/api/profile/${kind}`, { schema: { tags, response: { 200: credentialStatusSchema } } },
      (req) => credentialStatus(db, req.account.id, kind));
  }

  app.get('/api/profile/ciec', { schema: { tags, response: { 200: ciecStatusSchema } } }, (req) => ciecStatus(db, req.account.id));

  app.get('/api/profile/csf', { schema: { tags, querystring: pageQuerySchema, response: { 200: taxCertificatePageSchema } } },
    (req) => listCsf(db, req.account.id, req.query));

  app.post('/api/profile/csf', { schema: { tags, consumes: ['multipart/form-data'], response: { 201: csfUploadResponseSchema } } },
    async (req, reply) => {
      const form = await readMultipart(req, { maxFileBytes: CSF_MAX_BYTES, tooLarge: () => 'La constancia debe pesar como máximo 5 MB' });
      const result = await uploadCsf(db, files, req.account.id, req.account.rfc, form.files[CSF_FIELD]?.data);
      await announceCsf(ctx, req.account, result);
      return reply.code(201).send(result);
    });

  app.get('/api/profile/csf/:id/file', { schema: { tags, params: profileItemParamsSchema } }, async (req, reply) => {
    const pdf = await readCsfFile(db, files, req.account.id, req.params.id);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="constancia-${req.params.id}.pdf"`).send(pdf);
  });

  app.get('/api/profile/obligations', { schema: { tags, querystring: pageQuerySchema, response: { 200: obligationPageSchema } } },
    (req) => listObligations(db, req.account.id, req.query));
  app.post('/api/profile/obligations', { schema: { tags, body: obligationInputSchema, response: { 201: obligationSchema } } },
    async (req, reply) => reply.code(201).send((await addObligations(db, req.account.id, [req.body], 'manual'))[0]!));
  app.delete('/api/profile/obligations/:id', { schema: { tags, params: profileItemParamsSchema, response: { 200: messageResponseSchema } } },
    (req) => deleteObligation(db, req.account.id, req.params.id));

  app.get('/api/profile/activities', { schema: { tags, querystring: pageQuerySchema, response: { 200: activityPageSchema } } },
    (req) => listActivities(db, req.account.id, req.query));
  app.post('/api/profile/activities', { schema: { tags, body: activityInputSchema, response: { 201: activitySchema } } },
    async (req, reply) => reply.code(201).send((await addActivities(db, req.account.id, [req.body], 'manual'))[0]!));
  app.delete('/api/profile/activities/:id', { schema: { tags, params: profileItemParamsSchema, response: { 200: messageResponseSchema } } },
    (req) => deleteActivity(db, req.account.id, req.params.id));
};
