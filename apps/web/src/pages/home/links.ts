import { FILTER_PREFIX } from '../../components/crud/urlState';

// The lists behind the dashboard's figures (server menu: group path + component key).
export const LIST_PATHS = {
  applications: '/applicationManage/applicationList',
  payments: '/transactionsManage/transactions',
  emails: '/message/emailManage',
  sms: '/message/smsManage',
  members: '/employee/employeeList',
  feedback: '/feedbackManage/feedback',
} as const;

// A list's address with its filters in the URL state (`f.<name>`, components/crud/urlState.ts).
export function listUrl(path: string, filters: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters))
    if (v !== null && v !== undefined && v !== '') params.set(FILTER_PREFIX + k, String(v));
  const q = params.toString();
  return q ? `${path}?${q}` : path;
}
