import type { z } from 'zod';
import type { IdParam } from './wire.js';

// One call of the wire contract, described once: the server's defineRoute spreads it, and the web client's
// call(endpoint, params) takes its URL, method and types from it, so neither repeats a URL nor casts an answer.
// `public`: the call needs no session (publicCall below).
export type Endpoint<
  M extends 'GET' | 'POST' = 'GET' | 'POST',
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> = { method: M; url: string; query?: Q; body?: B; response: R; public?: true };

// The data of a successful answer.
export type EndpointData<E> = E extends { response: infer R extends z.ZodType } ? z.output<R> : never;

type Value = string | number | boolean | null | undefined | readonly (string | number)[];
type Loose<T> = { [K in keyof T]?: T[K] | Value };

// What a caller may send: the schema's fields (in their JSON or form-string form), every one optional since the
// server is the judge of what is required and '' / null travel alike.
export type EndpointParams<E> = E extends { query?: infer Q extends z.ZodType }
  ? Loose<z.input<Q>>
  : E extends { body?: infer B extends z.ZodType }
    ? Loose<z.input<B>>
    : Record<string, never>;

// A GET call's query as the server reads it (after parsing): the names and values a list's filters take.
export type EndpointQuery<E> = E extends { query?: infer Q extends z.ZodType } ? z.output<Q> : never;

// A view call: the `{ id }` of one record in, the record out.
export type ViewEndpoint<R extends z.ZodType = z.ZodType> = Endpoint<'GET', typeof IdParam, undefined, R>;

// A picker's search call: the typed keyword in, the matches out.
export type SearchEndpoint<R extends z.ZodType = z.ZodType> = Endpoint<
  'GET',
  z.ZodType<unknown, { keyword?: string | null | undefined }>,
  undefined,
  R
>;

// A call whose answer is not the JSON envelope but bytes (images, downloads); the server writes the reply itself.
export type RawEndpoint<Q extends z.ZodType = z.ZodType> = {
  method: 'GET';
  url: string;
  query: Q;
  response: 'raw';
  produces: string;
  public?: true;
};

export const rawCall = <Q extends z.ZodType>(url: string, query: Q, produces: string): RawEndpoint<Q> => ({
  method: 'GET',
  url,
  query,
  response: 'raw',
  produces,
});

export const getCall = <Q extends z.ZodType | undefined, R extends z.ZodType>(
  url: string,
  query: Q,
  response: R,
): Endpoint<'GET', Q, undefined, R> => ({ method: 'GET', url, query, response });

export const postCall = <B extends z.ZodType | undefined, R extends z.ZodType>(
  url: string,
  body: B,
  response: R,
): Endpoint<'POST', undefined, B, R> => ({ method: 'POST', url, body, response });

// A call that needs no session (signing in, the captcha, what the login page shows, public feedback): the one mark
// of it. The server's route for it must be public, and only such routes may be (http/access.ts, at start-up); the
// web client's call() does not count it as activity of the session, which the server does not look at there
// (decision 376).
export const publicCall = <E extends Endpoint | RawEndpoint>(endpoint: E): E & { public: true } => ({
  ...endpoint,
  public: true,
});
