// The three tabs of the navbar message box (spec section 2). Kept apart from its schemas (zod) for the frame, which
// needs only these names.
export const MESSAGE_TABS = ['message', 'notice', 'todo'] as const;
export type MessageTab = (typeof MESSAGE_TABS)[number];
