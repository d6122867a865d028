import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: the session cookie's value. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
