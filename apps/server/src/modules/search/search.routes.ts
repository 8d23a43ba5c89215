import type { FastifyInstance } from 'fastify';
import { searchApi, SEARCH_PERMS, SEARCH_TYPES } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { SearchService } from './search.service.js';

const tags = ['search'];
const groups = SEARCH_TYPES.map((t) => `${t} (${SEARCH_PERMS[t]})`).join(', ');

export function registerSearchRoutes(app: FastifyInstance, search: SearchService): void {
  defineRoute(app, {
    ...searchApi.search,
    access: 'signedIn',
    tags,
    summary: 'The navbar search box: records whose names hold every word, grouped by type',
    description:
      'Open to every signed-in member; each group is answered only to a caller holding the permission of the ' +
      `list behind it: ${groups}. Naming a group in \`types\` that the caller may not see is refused (403). ` +
      'Each word must be part of one name (any script; case and accents ignored); words of three characters ' +
      "or more go through a trigram index, shorter words through a table of each name's one- and two-character " +
      'parts; each group reads its newest matches a chunk at a time.',
    handler: ({ query, member }) => search.search(member!.perms, query),
  });
}
