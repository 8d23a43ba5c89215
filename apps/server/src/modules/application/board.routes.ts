import type { FastifyInstance } from 'fastify';
import { applicationBoardApi, PERM } from '@study-crm/shared';
import { defineRoute } from '../../http/route.js';
import type { BoardService } from './board.service.js';

const tags = ['application'];

// The applications list as a board (issue 40): read with the list's permission, a move with the form's.
export function registerBoardRoutes(app: FastifyInstance, board: BoardService): void {
  defineRoute(app, {
    ...applicationBoardApi.counts,
    access: PERM.applicationList,
    tags,
    summary: "Live applications per status on the list's filters (the board's column counts), one grouped count",
    handler: ({ query }) => board.counts(query),
  });

  defineRoute(app, {
    ...applicationBoardApi.column,
    access: PERM.applicationList,
    tags,
    summary: "One board column's cards, newest first, keyset-paged by cursor",
    handler: ({ query }) => board.column(query),
  });

  defineRoute(app, {
    ...applicationBoardApi.move,
    access: PERM.applicationUpdate,
    audit: { action: 'application.changeStatus', record: 'application', rowOnly: true },
    tags,
    summary: "Move an application to another status (the board's drag): the form's status rule and version check",
    handler: ({ body }) => board.move(body),
  });
}
