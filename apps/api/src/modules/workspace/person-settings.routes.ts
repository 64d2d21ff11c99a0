import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../http/serve';
import type { TokenPayload } from '../../http/context';
import { changeMyPassword, getMe, updateMe, type PersonSettingsDeps } from './person-settings';
import { confirmEmailChange, EMAIL_LINK_HOURS, requestEmailChange, type EmailChangeClaims } from './person-email';

/**
 * Decision 315: «Mis datos», the person's own settings (entries `workspace.me*` of the contract). Registered
 * next to the auth routes because the password change shares their attempt counter and token signer.
 */
export const personSettingsRoutes = (base: PersonSettingsDeps): FastifyPluginAsync => async (app) => {
  const deps = {
    ...base,
    // Signed with the session key but not a session: without `sub`/`rfc` the request guard refuses it (the
    // cast only quiets the session payload type the plugin declares).
    signEmailToken: (claims: EmailChangeClaims) => app.jwt.sign(claims as unknown as TokenPayload, { expiresIn: `${EMAIL_LINK_HOURS}h` }),
    verifyEmailToken: (token: string) => {
      try {
        return app.jwt.verify<EmailChangeClaims>(token) as EmailChangeClaims;
      } catch {
        return null;
      }
    },
  };
  serve(app, 'workspace.me', (req) => getMe(deps.db, req.account));
  serve(app, 'workspace.updateMe', (req) => updateMe(deps.db, req.account, req.body));
  serve(app, 'workspace.myPassword', (req) => changeMyPassword(deps, req.account, req.body));
  serve(app, 'workspace.myEmail', (req) => requestEmailChange(deps, req.account, req.body));
  serve(app, 'workspace.confirmMyEmail', (req) => confirmEmailChange(deps, req.body.token));
};
