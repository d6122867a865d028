import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { EMAIL_PATTERN, loginBodySchema, loginProblems } from '../src';

/** What loginBodySchema says of a body, reduced to the first message per field. */
const zodProblems = (body: { email: string; password: string }) => {
  const r = loginBodySchema.safeParse(body);
  const out: Record<string, string> = {};
  if (!r.success) for (const i of r.error.issues) out[String(i.path[0])] ??= i.message;
  return out;
};

describe('loginProblems (the sign-in form without zod)', () => {
  it('uses the pattern zod 4 checks e-mail addresses with', () => {
    expect(String(EMAIL_PATTERN)).toBe(String(z.regexes.email));
  });

  it('answers as loginBodySchema does for the cases the form meets', () => {
    const cases = [
      { email: '', password: '' },
      { email: '   ', password: 'x' },
      { email: 'agent@example.com', password: '' },
      { email: 'agent@', password: 'secret' },
      { email: ' agent@example.com ', password: 'secret' },
      { email: 'a.b@c.co.uk', password: 'p' },
      { email: 'no-at-sign', password: 'p' },
    ];
    for (const body of cases) expect(loginProblems(body)).toEqual(zodProblems(body));
  });

  it('agrees with loginBodySchema on arbitrary input', () => {
    const emailish = fc.oneof(
      fc.emailAddress(),
      fc.string(),
      fc.tuple(fc.string(), fc.string()).map(([a, b]) => `${a}@${b}`),
    );
    fc.assert(
      fc.property(emailish, fc.string(), (email, password) => {
        expect(loginProblems({ email, password })).toEqual(zodProblems({ email, password }));
      }),
      { seed: 11, numRuns: 500 },
    );
  });
});
