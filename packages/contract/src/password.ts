import { z } from 'zod';

/** Spec §5: 8 to 30 characters, upper, lower, digit and special character. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 30;

export const passwordSchema = (field = 'La contraseña') =>
  z
    .string({ error: `${field} es obligatoria` })
    .min(PASSWORD_MIN, `${field} es muy corto, quieres ser hackeado?`)
    .max(PASSWORD_MAX, `${field} debe tener como máximo ${PASSWORD_MAX} caracteres`)
    .regex(/[A-ZÑ]/, `${field} debe incluir al menos una letra mayúscula`)
    .regex(/[a-zñ]/, `${field} debe incluir al menos una letra minúscula`)
    .regex(/\d/, `${field} debe incluir al menos un número`)
    .regex(/[^A-Za-zÑñ0-9]/, `${field} debe incluir al menos un carácter especial`);
