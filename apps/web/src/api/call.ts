import type { Endpoint, EndpointData, EndpointParams, Envelope, RawEndpoint } from '@study-crm/shared';
import { api, unwrap, type CallOptions, type Params } from './client';

// A call of the wire contract by its shared description: method and URL come from the endpoint, the answer's type
// from its response schema.
export function call<E extends Endpoint>(
  endpoint: E,
  params?: EndpointParams<E>,
  opts?: CallOptions,
): Promise<Envelope<EndpointData<E>>> {
  const values = params as Params | undefined;
  return endpoint.method === 'GET'
    ? api.get<EndpointData<E>>(endpoint.url, values, opts)
    : api.post<EndpointData<E>>(endpoint.url, values, opts);
}

// For TanStack Query: the data of a 200, otherwise an ApiError (the toast was already shown).
export const fetchData = <E extends Endpoint>(endpoint: E, params?: EndpointParams<E>, opts?: CallOptions) =>
  unwrap(call(endpoint, params, opts));

// The bytes of a raw call (images, downloads); a refusal arrives as an ApiError after the usual toast.
export const blobOf = <E extends RawEndpoint>(endpoint: E, params?: Params, opts?: CallOptions) =>
  api.blob(endpoint.url, params, opts);
