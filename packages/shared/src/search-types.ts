import { PERM } from './permissions.js';

// The groups of the navbar search box (issue 39, decision 138), zod-free for the frame: each with the permission of
// the list behind it; the server answers a group only to a caller holding it.
export const SEARCH_TYPES = ['application', 'student', 'staff', 'payment', 'feedback', 'email', 'sms'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_PERMS: Readonly<Record<SearchType, string>> = {
  application: PERM.applicationList,
  // The member app's accounts (students and parents): the account list's.
  student: PERM.userList,
  staff: PERM.memberList,
  payment: PERM.paymentList,
  feedback: PERM.feedbackList,
  email: PERM.emailList,
  sms: PERM.smsList,
};

// What is typed: 1 to 100 characters; at most this many records per group.
export const SEARCH_KEYWORD_MAX = 100;
export const SEARCH_GROUP_MAX = 5;
