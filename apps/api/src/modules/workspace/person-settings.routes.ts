import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../http/serve';
import { changeMyPassword, getMe, updateMe, type PersonSettingsDeps } from './person-settings';

/**
 * Decision 315: «Mis datos», the person's own settings (entries `workspace.me*` of the contract). Registered
 * next to the auth routes because the password change shares their attempt counter and token signer.
 */
export const personSettingsRoutes = (deps: PersonSettingsDeps): FastifyPluginAsync => async (app) => {
  serve(app, 'workspace.me', (req) => getMe(deps.db, req.account));
  serve(app, 'workspace.updateMe', (req) => updateMe(deps.db, req.account, req.body));
  serve(app, 'workspace.myPassword', (req) => changeMyPassword(deps, req.account, req.body));
};
