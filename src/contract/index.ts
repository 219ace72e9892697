// The HTTP contract as TypeScript types, generated from openapi.yaml into schema.d.ts; the server and the client both import it from here.
import type { components, operations, paths } from './schema';

export type { components, operations, paths };

/** Every named schema of openapi.yaml: `Schema<'Village'>`. */
export type Schemas = components['schemas'];
export type Schema<Name extends keyof Schemas> = Schemas[Name];

/** The operationId of every call in openapi.yaml. */
export type OperationId = keyof operations;

/** `never` (nothing to send) becomes an empty record, so handlers can always destructure. */
type Present<T> = [T] extends [never] ? Record<string, never> : [T] extends [undefined] ? Record<string, never> : T;

/** Path parameters of an operation, typed as in openapi.yaml. */
export type PathParams<Id extends OperationId> = Present<NonNullable<operations[Id]['parameters']['path']>>;

/** Query parameters of an operation (each optional unless openapi.yaml requires it). */
export type QueryParams<Id extends OperationId> = Present<NonNullable<operations[Id]['parameters']['query']>>;

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : undefined;

/** The JSON body an operation takes (undefined when it takes none, or may be sent without one). */
export type RequestBody<Id extends OperationId> =
  | JsonContent<NonNullable<operations[Id]['requestBody']>>
  | (undefined extends operations[Id]['requestBody'] ? undefined : never);

type Responses<Id extends OperationId> = operations[Id]['responses'];
type SuccessStatus = 200 | 201 | 202 | 204;

/** The status codes of an operation's success replies (200, 201, 204); `never` for a redirect-only call. */
export type SuccessCode<Id extends OperationId> = Extract<keyof Responses<Id>, SuccessStatus>;

/** The body of an operation's success reply (undefined for 204), as openapi.yaml describes it. */
export type SuccessReply<Id extends OperationId> = {
  [Code in SuccessCode<Id>]: JsonContent<Responses<Id>[Code]>;
}[SuccessCode<Id>];
