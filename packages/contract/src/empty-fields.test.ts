import { describe, expect, it } from 'vitest';
import { employeeInputSchema, loginSchema, preRegisterSchema, verificationCodeSchema } from './index';

const messagesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  (r.error?.issues ?? []).filter((i) => i.path[0] === field).map((i) => i.message);

describe('empty required fields say what to do (issue 18)', () => {
  it('an empty RFC on registration asks for it instead of blaming its format', () => {
    const r = preRegisterSchema.safeParse({ rfc: '', email: '', password: '' });
    expect(messagesOf(r, 'rfc')).toEqual(['Escribe tu RFC']);
    expect(messagesOf(r, 'email')).toEqual(['Escribe tu correo electrónico']);
  });
  it('a malformed RFC still gets the format message', () => {
    const r = preRegisterSchema.safeParse({ rfc: 'ABC', email: 'a@b.mx', password: 'x' });
    expect(messagesOf(r, 'rfc')[0]).toMatch(/no tiene un formato válido/);
  });
  it('login and code fields', () => {
    const r = loginSchema.safeParse({ username: ' ', password: '' });
    expect(messagesOf(r, 'username')).toEqual(['Escribe tu RFC o correo electrónico']);
    expect(messagesOf(r, 'password')).toEqual(['Escribe tu contraseña']);
    expect(verificationCodeSchema.safeParse('').error?.issues.map((i) => i.message)).toEqual([
      'Escribe el código de 6 dígitos que te enviamos por correo',
    ]);
  });
});

describe('salario diario (issue 18: empty or not a number threw a DecimalError)', () => {
  it.each([
    ['', 'Escribe el salario diario'],
    ['abc', 'El salario diario debe ser un número con hasta 2 decimales'],
    ['12,5', 'El salario diario debe ser un número con hasta 2 decimales'],
  ])('%j gives a field message, not an exception', (value, message) => {
    const r = employeeInputSchema.safeParse({ salario_diario: value, salario_base: 'x' });
    expect(messagesOf(r, 'salario_diario')).toEqual([message]);
    expect(messagesOf(r, 'salario_base')).toEqual(['El salario diario integrado debe ser un número con hasta 2 decimales']);
  });
  it('a valid amount is normalised to 2 decimals', () => {
    const r = employeeInputSchema.safeParse({ salario_diario: '300.5' });
    expect(messagesOf(r, 'salario_diario')).toEqual([]);
  });
});
