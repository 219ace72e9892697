// What a route handler is: one per operationId of openapi.yaml, given typed params, query and body, returning the typed success reply.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationId, PathParams, QueryParams, RequestBody, SuccessReply } from '../contract';
import type { UserRow } from './db/schema';
import type { SessionSitter } from './accounts/sessions';

/**
 * The ids a route reads its path, query and body strings as, once, before any service sees them:
 * `idOf<VillageId>(params.villageId)`. Route files do not reach into src/rules, so they have this vocabulary from here.
 */
export * from '../rules/ids';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which operation of openapi.yaml a route serves (the reply checks of the tests read it). */
    operationId?: OperationId;
  }
}

/** The request of one operation, already validated against openapi.yaml (and typed from it). */
export interface OperationInput<Id extends OperationId> {
  params: PathParams<Id>;
  query: QueryParams<Id>;
  body: RequestBody<Id>;
  /** The signed-in player (secured operations only: the guard has refused anonymous callers; elsewhere this throws 401). */
  readonly user: UserRow;
  /**
   * In a sitting session, the sitter playing `user`'s account (null in the owner's own): every ownership check holds as
   * for the owner, and a service the sitter's rights limit takes it (`sittingBy`).
   */
  readonly sitter: SessionSitter | null;
  /** For what the contract does not type: the caller's address, cookies, the session token. */
  request: FastifyRequest;
  /** For headers only (a cookie); the status and body come from what the handler returns. */
  reply: FastifyReply;
}

/** A 302 to `location`: what the browser-redirect operations (the Discord pair) answer instead of JSON. */
export class Redirect {
  constructor(readonly location: string) {}
}

/**
 * A reply already serialised to JSON (the map area writes its tiles from cached fragments). The type
 * parameter keeps the promise that the text is that contract shape; the API tests check it.
 */
export class RawJson<Shape> {
  declare readonly shape: Shape;
  constructor(readonly json: string) {}
}

type Success<Id extends OperationId> = SuccessReply<Id> extends undefined ? void : SuccessReply<Id>;

/** What a handler may return: its success body (sent with the operation's one 2xx status), pre-serialised JSON of it, or a redirect for redirect-only operations. */
export type OperationResult<Id extends OperationId> = [SuccessReply<Id>] extends [never]
  ? Redirect
  : Success<Id> | RawJson<SuccessReply<Id>>;

export type OperationHandler<Id extends OperationId> = (input: OperationInput<Id>) => Promise<OperationResult<Id>>;

/** Handlers by operationId; an operation without one answers 501 until its feature lands. */
export type Handlers = { [Id in OperationId]?: OperationHandler<Id> };
