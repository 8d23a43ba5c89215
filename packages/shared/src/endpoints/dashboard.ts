import { getCall } from '../endpoint.js';
import { DashboardQuery, DashboardSchema } from '../schemas/dashboard.js';

// The dashboard's one data call (issue 21); member counts come from memberApi.countMember.
export const dashboardApi = {
  dashboard: getCall('/api/v1/cake/rpt/dashboard', DashboardQuery, DashboardSchema),
};
