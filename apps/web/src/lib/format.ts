import dayjs from 'dayjs';

// A moment as the portal shows it everywhere (minutes, local time), or a dash when there is none.
export const formatTime = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '—' : dayjs(ms).format('YYYY-MM-DD HH:mm');
