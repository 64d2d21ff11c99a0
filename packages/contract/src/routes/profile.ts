import { messageResponseSchema } from '../auth';
import { jobStartedSchema } from '../background';
import { pageQuerySchema } from '../pagination';
import {
  activityInputSchema, activityPageSchema, activitySchema, avatarResponseSchema, changePasswordResponseSchema, changePasswordSchema,
  ciecStatusSchema, credentialStatusSchema, csfUploadResponseSchema, obligationInputSchema, obligationPageSchema, obligationSchema,
  profileItemParamsSchema, profileQuerySchema, profileResponseSchema, profileSchema, profileUpdateSchema, taxCertificatePageSchema,
} from '../profile';
import { route } from '../route';

/** Every profile route is private and needs no plan product: the profile is the account itself. */
const access = {} as const;
const params = profileItemParamsSchema;

/** Spec §7.15: the fiscal profile, its picture, CSD / e.firma / CIEC, CSF history, obligations and activities. */
export const profileRoutes = {
  'profile.show': route({ method: 'GET', path: '/api/profile', query: profileQuerySchema, response: profileResponseSchema, access }),
  'profile.update': route({ method: 'PUT', path: '/api/profile', body: profileUpdateSchema, response: profileSchema, access }),
  'profile.changePassword': route({ method: 'POST', path: '/api/profile/password', body: changePasswordSchema, response: changePasswordResponseSchema, access }),
  'profile.uploadAvatar': route({ method: 'POST', path: '/api/profile/avatar', consumes: 'multipart', response: avatarResponseSchema, access }),
  'profile.avatar': route({ method: 'GET', path: '/api/profile/avatar', produces: 'image/*', access, summary: 'La imagen de perfil' }),
  'profile.uploadCsd': route({ method: 'POST', path: '/api/profile/csd', consumes: 'multipart', status: 202, response: jobStartedSchema, access }),
  'profile.csd': route({ method: 'GET', path: '/api/profile/csd', response: credentialStatusSchema, access }),
  'profile.uploadEfirma': route({ method: 'POST', path: '/api/profile/efirma', consumes: 'multipart', status: 202, response: jobStartedSchema, access }),
  'profile.efirma': route({ method: 'GET', path: '/api/profile/efirma', response: credentialStatusSchema, access }),
  'profile.ciec': route({ method: 'GET', path: '/api/profile/ciec', response: ciecStatusSchema, access }),
  'profile.csfList': route({ method: 'GET', path: '/api/profile/csf', query: pageQuerySchema, response: taxCertificatePageSchema, access }),
  'profile.uploadCsf': route({ method: 'POST', path: '/api/profile/csf', consumes: 'multipart', status: 201, response: csfUploadResponseSchema, access }),
  'profile.csfFile': route({ method: 'GET', path: '/api/profile/csf/:id/file', params, produces: 'application/pdf', access, summary: 'El PDF de una constancia' }),
  'profile.obligations': route({ method: 'GET', path: '/api/profile/obligations', query: pageQuerySchema, response: obligationPageSchema, access }),
  'profile.addObligation': route({ method: 'POST', path: '/api/profile/obligations', body: obligationInputSchema, status: 201, response: obligationSchema, access }),
  'profile.deleteObligation': route({ method: 'DELETE', path: '/api/profile/obligations/:id', params, response: messageResponseSchema, access }),
  'profile.activities': route({ method: 'GET', path: '/api/profile/activities', query: pageQuerySchema, response: activityPageSchema, access }),
  'profile.addActivity': route({ method: 'POST', path: '/api/profile/activities', body: activityInputSchema, status: 201, response: activitySchema, access }),
  'profile.deleteActivity': route({ method: 'DELETE', path: '/api/profile/activities/:id', params, response: messageResponseSchema, access }),
};
