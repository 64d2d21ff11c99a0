import { MEMBER_ROLE_LABELS, type EmailLanguage, type MemberRole } from '@facturo/contract';

/**
 * Transactional e-mails addressed to a person: plain text plus a simple HTML body. Decision 315: each person
 * chooses the language of these ('es' by default, or 'en'); every template is one entry of a per-language
 * text map rendered by one layout, so the HTML exists once. E-mails of an account to its customers (CFDI,
 * statements, requests to suppliers) stay in Spanish and do not come through here.
 */
const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export interface PersonEmail { to: string; subject: string; text: string; html: string }

interface Texts {
  subject: string;
  title: string;
  /** The text body, line by line. */
  lines: string[];
  /** Lines of the HTML body when they differ from `lines` (the code goes in its own big block). */
  htmlLines?: string[];
  code?: string;
  /** «If you did not ask for this…» under the body. */
  ignoreNote?: boolean;
}

const IGNORE_NOTE: Record<EmailLanguage, string> = {
  es: 'Si no solicitaste esto, ignora este correo.',
  en: 'If you did not request this, ignore this e-mail.',
};

function render(to: string, lang: EmailLanguage, t: Texts): PersonEmail {
  const body = (t.htmlLines ?? t.lines).map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  const codeBlock = t.code ? `<p style="font-size:28px;letter-spacing:6px;font-weight:bold;font-family:monospace">${escapeHtml(t.code)}</p>` : '';
  const note = t.ignoreNote ? `<p style="color:#888">${escapeHtml(IGNORE_NOTE[lang])}</p>` : '';
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;color:#222"><h2>${escapeHtml(t.title)}</h2>${body}${codeBlock}${note}</body></html>`;
  return { to, subject: t.subject, text: t.lines.join('\n'), html };
}

const ROLE_LABELS_EN: Record<MemberRole, string> = { duenio: 'Owner', contador: 'Accountant', capturista: 'Data entry', lectura: 'Read only' };

const TEXTS = {
  verification: {
    es: (code: string, minutes: number): Texts => ({
      subject: 'Código de verificación de tu cuenta', title: 'Verifica tu cuenta', code, ignoreNote: true,
      lines: [`Tu código para verificar tu cuenta es ${code}.`, `Vence en ${minutes} minutos.`], htmlLines: [`Vence en ${minutes} minutos.`],
    }),
    en: (code: string, minutes: number): Texts => ({
      subject: 'Your account verification code', title: 'Verify your account', code, ignoreNote: true,
      lines: [`Your code to verify your account is ${code}.`, `It expires in ${minutes} minutes.`], htmlLines: [`It expires in ${minutes} minutes.`],
    }),
  },
  resetPassword: {
    es: (code: string, minutes: number): Texts => ({
      subject: 'Código para cambiar tu contraseña', title: 'Cambia tu contraseña', code, ignoreNote: true,
      lines: [`Tu código para cambiar tu contraseña es ${code}.`, `Vence en ${minutes} minutos.`], htmlLines: [`Vence en ${minutes} minutos.`],
    }),
    en: (code: string, minutes: number): Texts => ({
      subject: 'Code to change your password', title: 'Change your password', code, ignoreNote: true,
      lines: [`Your code to change your password is ${code}.`, `It expires in ${minutes} minutes.`], htmlLines: [`It expires in ${minutes} minutes.`],
    }),
  },
  accountLocked: {
    es: (maxFailures: number, publicUrl: string): Texts => ({
      subject: 'Bloqueamos tu cuenta por intentos fallidos', title: 'Intentos fallidos de inicio de sesión',
      lines: [
        `Hubo ${maxFailures} intentos fallidos de iniciar sesión en tu cuenta en la última hora, así que la bloqueamos durante una hora.`,
        'Si no fuiste tú, alguien intenta adivinar tu contraseña: cuando se desbloquee, cámbiala desde «¿Olvidaste tu contraseña?».',
        `${publicUrl}/login`,
      ],
    }),
    en: (maxFailures: number, publicUrl: string): Texts => ({
      subject: 'We locked your account after failed sign-in attempts', title: 'Failed sign-in attempts',
      lines: [
        `There were ${maxFailures} failed attempts to sign in to your account in the last hour, so we locked it for one hour.`,
        'If it was not you, someone is trying to guess your password: once it unlocks, change it from «¿Olvidaste tu contraseña?» (Forgot your password?).',
        `${publicUrl}/login`,
      ],
    }),
  },
  passwordChanged: {
    es: (publicUrl: string): Texts => ({
      subject: 'Tu contraseña de Facturo cambió', title: 'Tu contraseña cambió',
      lines: [
        'La contraseña de tu usuario de Facturo se cambió desde «Mis datos» y tus otras sesiones se cerraron.',
        'Si no fuiste tú, cámbiala de inmediato desde «¿Olvidaste tu contraseña?».',
        `${publicUrl}/login`,
      ],
    }),
    en: (publicUrl: string): Texts => ({
      subject: 'Your Facturo password was changed', title: 'Your password was changed',
      lines: [
        'The password of your Facturo user was changed from «Mis datos» (My details) and your other sessions were closed.',
        'If it was not you, change it at once from «¿Olvidaste tu contraseña?» (Forgot your password?).',
        `${publicUrl}/login`,
      ],
    }),
  },
  twoFactor: {
    es: (on: boolean, publicUrl: string): Texts => ({
      subject: on ? 'Activaste la verificación en dos pasos' : 'Se desactivó la verificación en dos pasos',
      title: on ? 'Verificación en dos pasos activa' : 'Verificación en dos pasos desactivada',
      lines: [
        on ? 'Desde ahora, al iniciar sesión en Facturo se te pedirá un código de tu app de autenticación.'
          : 'Tu usuario de Facturo ya no pide un código de tu app de autenticación al iniciar sesión.',
        'Si no fuiste tú, cambia tu contraseña de inmediato desde «Mis datos» o «¿Olvidaste tu contraseña?».',
        `${publicUrl}/cuenta/mis-datos`,
      ],
    }),
    en: (on: boolean, publicUrl: string): Texts => ({
      subject: on ? 'You turned on two-step verification' : 'Two-step verification was turned off',
      title: on ? 'Two-step verification is on' : 'Two-step verification is off',
      lines: [
        on ? 'From now on, signing in to Facturo asks for a code from your authenticator app.'
          : 'Your Facturo user no longer asks for a code from your authenticator app when signing in.',
        'If it was not you, change your password at once from «Mis datos» (My details) or «¿Olvidaste tu contraseña?» (Forgot your password?).',
        `${publicUrl}/cuenta/mis-datos`,
      ],
    }),
  },
  confirmEmail: {
    es: (link: string, hours: number): Texts => ({
      subject: 'Confirma tu nuevo correo de Facturo', title: 'Confirma tu nuevo correo', ignoreNote: true,
      lines: ['Pediste usar este correo para tu usuario de Facturo. Confírmalo abriendo este enlace:', link, `El enlace vence en ${hours} horas.`],
    }),
    en: (link: string, hours: number): Texts => ({
      subject: 'Confirm your new Facturo e-mail', title: 'Confirm your new e-mail', ignoreNote: true,
      lines: ['You asked to use this address for your Facturo user. Confirm it by opening this link:', link, `The link expires in ${hours} hours.`],
    }),
  },
  emailChanged: {
    es: (newEmail: string): Texts => ({
      subject: 'Tu correo de Facturo cambió', title: 'Tu correo cambió',
      lines: [`Tu usuario de Facturo ahora usa el correo ${newEmail}: con él inicias sesión y a él llegan tus avisos.`,
        'Si no fuiste tú, comunícate de inmediato con el soporte de Facturo.'],
    }),
    en: (newEmail: string): Texts => ({
      subject: 'Your Facturo e-mail was changed', title: 'Your e-mail was changed',
      lines: [`Your Facturo user now uses the address ${newEmail}: you sign in with it and your notices go to it.`,
        'If it was not you, contact Facturo support at once.'],
    }),
  },
  invitationAccepted: {
    es: (who: string, rfc: string, rol: MemberRole): Texts => ({
      subject: `${who} aceptó tu invitación a la cuenta ${rfc}`, title: 'Invitación aceptada',
      lines: [`${who} aceptó tu invitación y ya trabaja en la cuenta ${rfc} con el rol ${MEMBER_ROLE_LABELS[rol]}.`,
        'Puedes cambiar su rol o quitarlo en Mi cuenta › Miembros.'],
    }),
    en: (who: string, rfc: string, rol: MemberRole): Texts => ({
      subject: `${who} accepted your invitation to account ${rfc}`, title: 'Invitation accepted',
      lines: [`${who} accepted your invitation and now works in account ${rfc} with the role ${ROLE_LABELS_EN[rol]}.`,
        'You can change the role or remove the member in Mi cuenta › Miembros (My account › Members).'],
    }),
  },
} as const;

export const verificationEmail = (to: string, code: string, minutes: number, lang: EmailLanguage = 'es') =>
  render(to, lang, TEXTS.verification[lang](code, minutes));

export const resetPasswordEmail = (to: string, code: string, minutes: number, lang: EmailLanguage = 'es') =>
  render(to, lang, TEXTS.resetPassword[lang](code, minutes));

export const accountLockedEmail = (to: string, maxFailures: number, publicUrl: string, lang: EmailLanguage = 'es') =>
  render(to, lang, TEXTS.accountLocked[lang](maxFailures, publicUrl));

export const passwordChangedEmail = (to: string, publicUrl: string, lang: EmailLanguage = 'es') =>
  render(to, lang, TEXTS.passwordChanged[lang](publicUrl));

/** Two-step verification turned on (`on`) or off for the person. */
export const twoFactorChangedEmail = (to: string, on: boolean, publicUrl: string, lang: EmailLanguage = 'es') =>
  render(to, lang, TEXTS.twoFactor[lang](on, publicUrl));

/** To the new address: the link that confirms it. */
export const confirmEmailEmail = (to: string, link: string, hours: number, lang: EmailLanguage = 'es') =>
  render(to, lang, TEXTS.confirmEmail[lang](link, hours));

/** To the old address once the new one is confirmed. */
export const emailChangedEmail = (to: string, newEmail: string, lang: EmailLanguage = 'es') =>
  render(to, lang, TEXTS.emailChanged[lang](newEmail));

/** To whoever sent the invitation: the invited person joined. */
export const invitationAcceptedEmail = (to: string, who: string, rfc: string, rol: MemberRole, lang: EmailLanguage = 'es') =>
  render(to, lang, TEXTS.invitationAccepted[lang](who, rfc, rol));
