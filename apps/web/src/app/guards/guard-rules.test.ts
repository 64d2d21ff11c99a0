import { describe, expect, it } from 'vitest';
import type { StoredUser } from '../../shared/session/session-types';
import { completeInformationRedirect, guestRouteRedirect, protectedRouteRedirect } from './guard-rules';

const user = (patch: Partial<StoredUser> = {}): StoredUser => ({
  id: 'EKU9003173C9',
  fullName: 'Escuela Kemper Urgate',
  username: 'EKU9003173C9',
  avatar: null,
  email: 'eku@example.com',
  role: 'client',
  ability: [{ action: 'manage', subject: 'all' }],
  regimen: '601',
  clave_sat: null,
  is_confirmed: true,
  profile_completed: true,
  rol_id: 10,
  contr_stripe: false,
  ...patch,
});

describe('protected route guard (§2.4)', () => {
  it('sends an unconfirmed user to verify-account with the email', () => {
    expect(protectedRouteRedirect('tok', user({ is_confirmed: false, email: 'a+b@x.mx' }))).toBe('/verify-account?email=a%2Bb%40x.mx');
  });
  it('sends an incomplete profile to complete information', () => {
    expect(protectedRouteRedirect('tok', user({ profile_completed: false }))).toBe('/register/complete-information');
  });
  it('checks confirmation before profile completion', () => {
    expect(protectedRouteRedirect('tok', user({ is_confirmed: false, profile_completed: false }))).toMatch(/^\/verify-account/);
  });
  it('lets a complete user with a token pass', () => {
    expect(protectedRouteRedirect('tok', user())).toBeNull();
  });
  it('sends a guest to login', () => {
    expect(protectedRouteRedirect(null, null)).toBe('/login');
    expect(protectedRouteRedirect(null, user())).toBe('/login');
  });
  it('shows /unauthorized to a logged-in user without permission (§2.5)', () => {
    expect(protectedRouteRedirect('tok', user({ ability: [{ action: 'read', subject: 'Auth' }] }))).toBe('/unauthorized');
  });
});

describe('login-type routes (§2.3, §2.5)', () => {
  it('sends a logged-in user to /dashboard/home, admin or client', () => {
    expect(guestRouteRedirect('tok', user({ role: 'admin' }), '/login')).toBe('/dashboard/home');
    expect(guestRouteRedirect('tok', user({ role: 'client' }), '/login-2')).toBe('/dashboard/home');
  });
  it('lets guests and half-registered users see the login screen', () => {
    expect(guestRouteRedirect(null, null, '/login')).toBeNull();
    expect(guestRouteRedirect('tok', user({ profile_completed: false }), '/login')).toBeNull();
    expect(guestRouteRedirect('tok', user({ is_confirmed: false }), '/register')).toBeNull();
  });
});

describe('complete-information page', () => {
  it('needs a token, a confirmed account and an incomplete profile', () => {
    expect(completeInformationRedirect(null, null)).toBe('/login');
    expect(completeInformationRedirect('tok', user({ is_confirmed: false }))).toMatch(/^\/verify-account\?email=/);
    expect(completeInformationRedirect('tok', user())).toBe('/dashboard/home');
    expect(completeInformationRedirect('tok', user({ profile_completed: false }))).toBeNull();
  });
});
