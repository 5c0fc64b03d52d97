import type { FastifyInstance } from 'fastify';

/** The password the tests' administrator sets in place of the one-time password. */
export const ADMIN_OWN_PASSWORD = 'admin#own2026';

const MARKER = { 'x-requested-with': 'XMLHttpRequest' } as const;

/**
 * What the administrator of a new site does first: signs in with the one-time password the first start
 * announced and sets their own (until then the server refuses the account's changes). Returns the new
 * password; '' when there was no one-time password (a later start of the same site).
 */
export async function takeOverAdministrator(app: FastifyInstance, oneTimePassword: string): Promise<string> {
  if (oneTimePassword === '') return '';
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: MARKER,
    payload: { username: 'admin', password: oneTimePassword },
  });
  const token = login.cookies.find((cookie) => cookie.name === 'blog_session')?.value;
  if (!token) throw new Error(`administrator login failed: ${login.body}`);
  const change = await app.inject({
    method: 'PUT',
    url: '/api/user/updatePassword',
    headers: { ...MARKER, cookie: `blog_session=${token}` },
    payload: { old_password: oneTimePassword, new_password: ADMIN_OWN_PASSWORD },
  });
  if (change.json<{ code: number }>().code !== 0) throw new Error(`administrator password change failed: ${change.body}`);
  return ADMIN_OWN_PASSWORD;
}
