import { describe, expect, it } from 'vitest';
import { passwordFormSchema, personFormSchema } from './my-details-form';

const messages = (r: ReturnType<typeof passwordFormSchema.safeParse>) =>
  r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));

describe('«Mis datos» forms (decision 315)', () => {
  it('the password form asks the spec §5 rules of the new one, a confirmation that matches, and a change', () => {
    expect(passwordFormSchema.safeParse({ actual: 'Vieja#2026', nueva: 'Nueva#Clave2026', confirmacion: 'Nueva#Clave2026' }).success).toBe(true);
    expect(messages(passwordFormSchema.safeParse({ actual: '', nueva: 'corta', confirmacion: 'otra' }))).toEqual({
      actual: 'La contraseña actual es obligatoria',
      nueva: 'La nueva contraseña es muy corto, quieres ser hackeado?',
      confirmacion: 'Las contraseñas no coinciden',
    });
    expect(messages(passwordFormSchema.safeParse({ actual: 'Igual#2026', nueva: 'Igual#2026', confirmacion: 'Igual#2026' })))
      .toEqual({ nueva: 'La nueva contraseña debe ser distinta de la actual' });
    expect(messages(passwordFormSchema.safeParse({ actual: 'x', nueva: 'sinmayuscula#1', confirmacion: 'sinmayuscula#1' })))
      .toEqual({ nueva: 'La nueva contraseña debe incluir al menos una letra mayúscula' });
  });

  it('the person form trims the name and asks for one, and only offers es or en', () => {
    expect(personFormSchema.parse({ nombre: '  Ana  ', idioma: 'en' })).toEqual({ nombre: 'Ana', idioma: 'en' });
    expect(personFormSchema.safeParse({ nombre: '   ', idioma: 'es' }).error?.issues[0]?.message).toBe('Escribe tu nombre');
    expect(personFormSchema.safeParse({ nombre: 'Ana', idioma: 'fr' }).success).toBe(false);
  });
});
