import { randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { API_TOKEN_PREFIX } from '@frontage/shared';

/**
 * The token's text (ADR 0097): `frt_<32 random base62>_<crc32 of the random part, 6 base62>`.
 * The prefix lets secret scanners and people recognise it; the checksum lets a mistyped or
 * truncated token be refused without a database read. 32 base62 characters are ~190 bits.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 32;
const CHECK_LENGTH = 6;
const SHAPE = new RegExp(
  `^${API_TOKEN_PREFIX}([0-9A-Za-z]{${RANDOM_LENGTH}})_([0-9A-Za-z]{${CHECK_LENGTH}})$`,
);

/** The checksum's 6 base62 digits (62^6 > 2^32, so every crc32 fits). */
const checksumOf = (random: string): string => {
  let n = crc32(random);
  let out = '';
  for (let i = 0; i < CHECK_LENGTH; i++) {
    out = ALPHABET[n % 62]! + out;
    n = Math.floor(n / 62);
  }
  return out;
};

export const newApiToken = (): string => {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) random += ALPHABET[randomInt(62)];
  return `${API_TOKEN_PREFIX}${random}_${checksumOf(random)}`;
};

/** Whether the text has the prefix, the shape and a matching checksum (never a database read). */
export const isWellFormedApiToken = (token: string): boolean => {
  const m = SHAPE.exec(token);
  return !!m && checksumOf(m[1]!) === m[2];
};

/** What the owner sees of a token after it was shown: the prefix and four characters. */
export const hintOf = (token: string): string => `${token.slice(0, API_TOKEN_PREFIX.length + 4)}…`;
