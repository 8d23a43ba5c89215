import dayjs from 'dayjs';

// A moment as the portal shows it everywhere (minutes, local time), or a dash when there is none.
export const formatTime = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '—' : dayjs(ms).format('YYYY-MM-DD HH:mm');

// A role as the interface names it: its English name in English when it has one, its Chinese name otherwise.
export const roleLabel = (r: { cnName: string; enName: string | null }, language: string): string =>
  language === 'en-US' && r.enName ? r.enName : r.cnName;
