import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
export const DEFAULT_SCRYPT_COST = 16384;

const derive = (password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });

/** `scrypt$N$r$p$<salt b64>$<key b64>` — self-describing, so the cost can change later. */
export const hashPassword = async (password: string, N: number = DEFAULT_SCRYPT_COST): Promise<string> => {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, N, 8, 1);
  return `scrypt$${N}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, keyB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(keyB64, 'base64');
  const key = await derive(password, Buffer.from(saltB64, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
};

/**
 * Spends the same effort as a real verification, for unknown users and contacts without a
 * password, so the answer time does not reveal which accounts exist.
 */
export const createDummyVerifier = (N: number) => {
  let dummy: Promise<string> | undefined;
  return async (password: string): Promise<false> => {
    dummy ??= hashPassword('dummy-password-for-timing', N);
    await verifyPassword(password, await dummy);
    return false;
  };
};
