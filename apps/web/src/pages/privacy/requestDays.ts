import type { Dayjs } from 'dayjs';
import { daysBetween, ukDay } from '@study-crm/shared';

// A data request's days are UK days (its received date, its one-month due date): the server refuses a received date
// after the UK's today. The browser's own date is a day ahead east of the UK before midnight there (UTC+8 before
// 08:00 UTC) and a day behind west of it, so the screen counts from the UK's today, never the browser's (decision 358).
export const ukToday = (now = Date.now()) => ukDay(now);

// A day of the date picker (its calendar day as shown) after the UK's today: not a received date.
export const isAfterUkToday = (d: Dayjs, now = Date.now()) => d.format('YYYY-MM-DD') > ukToday(now);

// Whole days from the UK's today to a due date (negative when overdue).
export const daysLeft = (dueDate: string, now = Date.now()) => daysBetween(ukToday(now), dueDate);
