import { getCall, postCall } from '../endpoint.js';
import {
  BoardColumnQuery,
  BoardColumnSchema,
  BoardCountsQuery,
  BoardCountsSchema,
  BoardMovedSchema,
  BoardMoveSchema,
} from '../schemas/application-board.js';

// The applications list as a board (issue 40): counts per status, a column's cards, a card moved to another status.
export const applicationBoardApi = {
  counts: getCall('/api/v1/mc/applicationRecord/boardCounts', BoardCountsQuery, BoardCountsSchema),
  column: getCall('/api/v1/mc/applicationRecord/boardColumn', BoardColumnQuery, BoardColumnSchema),
  move: postCall('/api/v1/mc/applicationRecord/move', BoardMoveSchema, BoardMovedSchema),
};
