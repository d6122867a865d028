import { createHash, createHmac, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: the session cookie's value. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A session's refresh key (ADR 0074): 32 random bytes, hex; kept on the server only. */
export const newRotationKey = (): string => randomBytes(32).toString('hex');
/**
 * The token a refresh gives for `token`: HMAC-SHA256 under the session's rotation key, so the
 * same refresh made twice (two tabs at once) gives the same next token, and nobody without the
 * key can work it out from a token.
 */
export const nextSessionToken = (rotationKey: string, token: string): string =>
  createHmac('sha256', Buffer.from(rotationKey, 'hex')).update(token).digest('base64url');
