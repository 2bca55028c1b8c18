import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { svgOf } from '../../../test/captcha';
import { loginAttempts } from './auth.table';
import { captchaSvg } from './captcha';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** The drawn answer, found the slow way: every 4-character code against the hash the server stored. */
function answerFor(hash: string): string {
  for (const a of ALPHABET)
    for (const b of ALPHABET)
      for (const c of ALPHABET)
        for (const d of ALPHABET) {
          const code = a + b + c + d;
          if (createHash('sha256').update(code).digest('hex') === hash) return code;
        }
  throw new Error('no code matches the stored hash');
}

describe('the captcha picture', () => {
  it('draws the characters as outlines: no text element, and the answer is nowhere in the answer', async () => {
    const u = await createUser(t, { role: 'operator' });
    const res = await t.app.inject({ method: 'GET', url: `/api/Users/captcha?username=${u.username}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.data).sort()).toEqual(['expiresIn', 'image']);
    const svg = svgOf(body.data.image);
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<text|<tspan|<title|<desc|<foreignObject/i);
    // The glyphs are filled paths (at least one per character).
    expect(svg.match(/<path fill="[^"]+" d="M[^"]+"/g)?.length ?? 0).toBeGreaterThanOrEqual(4);

    const [row] = await t.app.ctx.db.select().from(loginAttempts).where(eq(loginAttempts.username, u.username));
    const answer = answerFor(row?.captchaHash ?? '');
    expect(svg).not.toContain(answer);
    expect(JSON.stringify({ ...body, data: { ...body.data, image: '' } })).not.toContain(answer);
    expect(JSON.stringify(res.headers)).not.toContain(answer);
    for (const ch of answer) expect(svg).not.toContain(`>${ch}<`);

    // The right answer, typed in lower case, opens the login after three failures.
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/Users/v2_2_login',
        payload: { username: u.username, password: 'Bad@12345' },
      });
    }
    const fresh = await t.app.inject({ method: 'GET', url: `/api/Users/captcha?username=${u.username}` });
    expect(fresh.statusCode).toBe(200);
    const [again] = await t.app.ctx.db.select().from(loginAttempts).where(eq(loginAttempts.username, u.username));
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/Users/v2_2_login',
      payload: {
        username: u.username,
        password: u.password,
        verifyCode: answerFor(again?.captchaHash ?? '').toLowerCase(),
      },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('never writes the code into the picture, whatever the code', () => {
    for (const code of ['ABCD', 'WXYZ', '2345', 'M7ZQ', 'PATH', 'HSLA']) {
      for (let i = 0; i < 20; i++) {
        const svg = captchaSvg(code);
        expect(svg).not.toContain(code);
        expect(svg).not.toMatch(/<text/i);
      }
    }
  });
});
