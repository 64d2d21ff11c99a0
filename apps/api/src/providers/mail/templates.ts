/** Transactional e-mails, in Spanish, plain text plus a simple HTML body. */
const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function layout(title: string, lines: string[], code?: string): string {
  const body = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  const codeBlock = code
    ? `<p style="font-size:28px;letter-spacing:6px;font-weight:bold;font-family:monospace">${code}</p>`
    : '';
  return `<!doctype html><html lang="es"><body style="font-family:sans-serif;color:#222"><h2>${escapeHtml(title)}</h2>${body}${codeBlock}<p style="color:#888">Si no solicitaste esto, ignora este correo.</p></body></html>`;
}

export function verificationEmail(to: string, code: string, minutes: number) {
  const lines = [`Tu código para verificar tu cuenta es ${code}.`, `Vence en ${minutes} minutos.`];
  return { to, subject: 'Código de verificación de tu cuenta', text: lines.join('\n'), html: layout('Verifica tu cuenta', lines.slice(1), code) };
}

export function resetPasswordEmail(to: string, code: string, minutes: number) {
  const lines = [`Tu código para cambiar tu contraseña es ${code}.`, `Vence en ${minutes} minutos.`];
  return { to, subject: 'Código para cambiar tu contraseña', text: lines.join('\n'), html: layout('Cambia tu contraseña', lines.slice(1), code) };
}
