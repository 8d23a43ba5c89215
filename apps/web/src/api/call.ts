import type { Endpoint, EndpointData, EndpointParams, Envelope, RawEndpoint } from '@study-crm/shared';
import { api, unwrap, type CallOptions } from './client';

// A call of the wire contract by its shared description: method, URL and whether it needs the session (its `public`
// mark) come from the endpoint, the params' and the answer's types from its request and response schemas (a field
// the schema does not name fails to compile).
export function call<E extends Endpoint>(
  endpoint: E,
  params?: EndpointParams<E>,
  opts?: CallOptions,
): Promise<Envelope<EndpointData<E>>> {
  const send = endpoint.method === 'GET' ? api.get : api.post;
  return send<EndpointData<E>>(endpoint.url, params, { ...opts, public: endpoint.public });
}

// The variables of a mutation that makes one of several calls of `Api` (`paymentApi[action]`): the body is typed by
// the call the action names.
export type ActionCall<Api, K extends keyof Api> = { [A in K]: { action: A; body: EndpointParams<Api[A]> } }[K];

// For TanStack Query: the data of a 200, otherwise an ApiError (the toast was already shown).
export const fetchData = <E extends Endpoint>(endpoint: E, params?: EndpointParams<E>, opts?: CallOptions) =>
  unwrap(call(endpoint, params, opts));

// The bytes of a raw call (images, downloads); a refusal arrives as an ApiError after the usual toast.
export const blobOf = <E extends RawEndpoint>(endpoint: E, params?: EndpointParams<E>, opts?: CallOptions) =>
  api.blob(endpoint.url, params, opts);
