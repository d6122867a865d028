/*
 * The sign-in form's rules without zod, so the sign-in page can load without it (/login
 * ≤ 150 KB gzipped, ADR 0041). loginBodySchema (auth.schema.ts) is built from the same messages and the server
 * checks every body with it; test/login.test.ts holds the two to the same answers.
 */

export const LOGIN_MESSAGES = {
  emailRequired: 'The email field is required.',
  emailInvalid: 'The email must be a valid email address.',
  passwordRequired: 'The password field is required.',
} as const;

/** zod 4's `z.regexes.email`, the pattern `.email()` checks, copied as written (the test compares them). */
/* eslint-disable no-useless-escape */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
/* eslint-enable no-useless-escape */

export interface LoginInput {
  email: string;
  password: string;
}

/** The first problem with each field, as loginBodySchema would report it; empty when the body is good. */
export function loginProblems(input: LoginInput): Partial<Record<keyof LoginInput, string>> {
  const out: Partial<Record<keyof LoginInput, string>> = {};
  const email = input.email.trim();
  if (!email) out.email = LOGIN_MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) out.email = LOGIN_MESSAGES.emailInvalid;
  if (!input.password) out.password = LOGIN_MESSAGES.passwordRequired;
  return out;
}
