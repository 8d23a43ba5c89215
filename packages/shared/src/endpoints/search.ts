import { getCall } from '../endpoint.js';
import { SearchQuery, SearchResultSchema } from '../schemas/search.js';

// The navbar search box (issue 39).
export const searchApi = {
  search: getCall('/api/v1/cake/search', SearchQuery, SearchResultSchema),
};
