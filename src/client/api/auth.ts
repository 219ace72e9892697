// Typed calls of the auth tag: sign in, register, who am I, sign out, and the Discord redirect.
import { api, unwrap, type AuthResponse, type User } from './client';

export interface LoginRequest {
  email: string;
  password: string;
  rememberMe?: boolean;
}

export interface RegisterRequest {
  username: string;
  email: string;
  password: string;
}

export function login(body: LoginRequest): Promise<AuthResponse> {
  return unwrap(api.POST('/api/auth/login', { body }));
}

export function register(body: RegisterRequest): Promise<AuthResponse> {
  return unwrap(api.POST('/api/auth/register', { body }));
}

export async function fetchMe(): Promise<User> {
  const { user } = await unwrap(api.GET('/api/auth/me'));
  return user;
}

/** Replaces the password (required after a temporary one); the reply is the user, no longer bound to change it. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<User> {
  const { user } = await unwrap(api.POST('/api/auth/change-password', { body: { currentPassword, newPassword } }));
  return user;
}

export async function logout(): Promise<void> {
  await unwrap(api.POST('/api/auth/logout'));
}

/** The server route that starts the Discord OAuth dance; it is a full-page navigation, not a fetch. */
export const DISCORD_LOGIN_URL = '/api/auth/discord';

export function startDiscordLogin(): void {
  window.location.assign(DISCORD_LOGIN_URL);
}

/** Which ways of signing in this server offers: the Discord button shows only when it is configured. */
export function getAuthOptions(): Promise<{ discord: boolean }> {
  return unwrap(api.GET('/api/auth/options'));
}

/** Trades the one-time code of a Discord sign-in for a session; the browser's state cookie goes along by itself. */
export function redeemDiscordCode(code: string): Promise<AuthResponse> {
  return unwrap(api.POST('/api/auth/discord/redeem', { body: { code } }));
}

/** Starts linking Discord to the signed-in account: the server answers where to send the browser. */
export async function startDiscordLink(): Promise<void> {
  const { url } = await unwrap(api.POST('/api/auth/discord/link'));
  window.location.assign(url);
}

/** Remembers the language the player chose in their account, so every browser they sign in on shows it. */
export async function setMyLocale(locale: 'en' | 'de'): Promise<void> {
  await unwrap(api.PUT('/api/me/locale', { body: { locale } }));
}
