import type { Locale, Perm } from '@study-crm/shared';

// One help card's text in one language: a title, a few how-to lines, and extra words people use for the screen.
export type CardText = { title: string; body: string; keywords: string };

// A help card: the screen it explains (component key or user-centre route name), where its link goes, and the
// permission of that screen (null: every signed-in member may open it).
export type HelpCardDef = {
  id: string;
  path: string;
  perm: Perm | null;
} & Record<Locale, CardText>;
