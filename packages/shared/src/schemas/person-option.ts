import { z } from 'zod';
import { PERSON_MATCH_FIELDS } from '../person-search.js';
import { PersonRefSchema } from './application.js';

// Why a person was found: the name that holds a word of the search, as stored.
export const PersonMatchSchema = z.object({
  field: z.enum(PERSON_MATCH_FIELDS).describe('the name that holds a word of the search'),
  value: z.string().describe('that name as stored'),
});
// A picker's option: the person and why they were found (empty when nothing was typed). An e-mail or mobile is
// answered masked ("•••") but for the words searched for: a colleague's contacts are not the picker's to hand out.
export const PersonOptionSchema = PersonRefSchema.extend({
  matched: z
    .array(PersonMatchSchema)
    .describe('the names that hold the words searched for; an e-mail or mobile masked (•••) but for those words'),
});
export type PersonOption = z.infer<typeof PersonOptionSchema>;
