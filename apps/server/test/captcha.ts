import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { loginAttempts } from '../src/modules/auth/auth.table';
import { hashToken } from '../src/platform/tokens';
import type { TestApp } from './build-app';

/** The SVG inside the captcha answer's data URL. */
export function svgOf(image: string): string {
  expect(image.startsWith('data:image/svg+xml;base64,')).toBe(true);
  return Buffer.from(image.split(',')[1] ?? '', 'base64').toString('utf8');
}

/**
 * Asks the server for a captcha picture (GET /api/Users/captcha) and returns an answer that the server
 * accepts. The picture cannot be read by a script, so the test, which stands for the person looking at
 * it, puts a code it knows in place of the drawn one (the same hashed, single-use row the server wrote).
 */
export async function solvedCaptcha(t: TestApp, username: string, lang = 'en'): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/Users/captcha?username=${username}`,
    headers: { 'accept-language': lang },
  });
  expect(res.statusCode).toBe(200);
  svgOf(res.json().data.image);
  const code = 'T3ST';
  const updated = await t.app.ctx.db
    .update(loginAttempts)
    .set({ captchaHash: hashToken(code) })
    .where(eq(loginAttempts.username, username))
    .returning({ username: loginAttempts.username });
  expect(updated).toHaveLength(1);
  return code;
}
