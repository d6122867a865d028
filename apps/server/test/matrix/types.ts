import type { FastifyInstance } from 'fastify';
import type { companies, users } from '../../src/db/schema';

/**
 * Who calls a route in the authorization matrix. The signed-in actors are a research admin (of
 * the platform's own company), a user of company A ("same company" as the records a row's setup
 * creates for company A) and a user of company B ("other company").
 */
export type Actor = 'anonymous' | 'admin' | 'same_company' | 'other_company';
export const ACTORS: readonly Actor[] = ['anonymous', 'admin', 'same_company', 'other_company'];

export type CompanyRow = typeof companies.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** The records every row starts from (the database is emptied before each case). */
export interface World {
  companyA: CompanyRow;
  companyB: CompanyRow;
  platform: CompanyRow;
  admin: UserRow;
  sameUser: UserRow;
  otherUser: UserRow;
  /** The password of the three signed-in actors. */
  password: string;
}

/** What a row's setup made (ids used in its URL and body). */
export type Made = Record<string, number | string>;

export interface MatrixRow {
  /** Creates the records the call works on; runs before the actor signs in. */
  setup?: (w: World) => Promise<Made>;
  url: (w: World, made: Made) => string;
  body?: object | ((w: World, made: Made) => object);
  /** A multipart body instead of JSON: build it with form-data style helpers in the row file. */
  payload?: (w: World, made: Made) => { body: Buffer | string; headers: Record<string, string> };
  /** Expected status per actor. Every actor must be listed. */
  expect: Record<Actor, number>;
  /**
   * Runs just before the call, in the test's app, and answers how to undo it after the call: for a
   * refusal that comes from the server's own state rather than the database (e.g. the exports a
   * user already runs, ADR 0069).
   */
  around?: (app: FastifyInstance, w: World, actor: Actor) => () => void;
}

/** Rows keyed by `METHOD /api/path/{param}` exactly as the OpenAPI document names the route. */
export type MatrixRows = Record<string, MatrixRow>;

/**
 * More cases of a route already in the rows, for refusals its main row does not reach (a domain
 * another company holds, a limit): keyed `METHOD /api/path/{param} — what the case is`. The route
 * matrix runs them like rows; the attack suite walks only the main rows.
 */
export type MatrixCases = Record<string, MatrixRow>;
