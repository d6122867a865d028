import type { Actor, ImportReadyEntity } from '@frontage/shared';
import { ROW_CHECKS } from '../../modules/imports/entities/row-checks';
import type { MappedRow } from '../../modules/imports/entities/types';
import { readStoreList } from '../../modules/store-lists/store-list.parse';
import { ValidationError } from '../errors';
import { reencodePixels } from '../images.decode';

/**
 * What the upload workers do (ADR 0070), each by name. A task's input and answer cross the
 * thread boundary by structured clone: a Buffer arrives as a Uint8Array, a class as a plain
 * object. A refusal (a ValidationError thrown by the task) comes back as its field errors and is
 * thrown again on the main thread by runUploadTask.
 */

export type Outcome<T> = { value: T } | { refused: Record<string, string[]> };

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const refusing =
  <A, T>(task: (input: A) => Promise<T>) =>
  async (input: A): Promise<Outcome<T>> => {
    try {
      return { value: await task(input) };
    } catch (err) {
      if (err instanceof ValidationError) return { refused: err.errors };
      throw err;
    }
  };

export const tasks = {
  /** An uploaded store list's rows (store-list.parse.ts). */
  storeList: refusing((input: { bytes: Uint8Array; fileName: string }) =>
    readStoreList(asBuffer(input.bytes), input.fileName),
  ),
  /** A batch of an import's rows checked against the API's schemas (ADR 0115). */
  importRows: refusing(
    async (input: { entity: ImportReadyEntity; rows: MappedRow[]; actor: Actor; lookups: unknown }) =>
      input.rows.map((r) => {
        const c = ROW_CHECKS[input.entity](r, input.actor, input.lookups as never);
        // The payload as JSON text: one string to pass back and store, not a tree of objects.
        return { ...c, payload: c.payload && JSON.stringify(c.payload) };
      }),
  ),
  /** A logo whose type and size were checked on its header, decoded and re-encoded (images.ts). */
  logo: refusing((input: { bytes: Uint8Array; mime: 'image/png' | 'image/jpeg' | 'image/bmp' }) =>
    reencodePixels(asBuffer(input.bytes), input.mime),
  ),
};

export type Tasks = typeof tasks;
export type TaskName = keyof Tasks;
