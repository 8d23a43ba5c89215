import { useSearchParams } from 'react-router';

// The record a screen is opened on, by its address's `?id=` (an application's follow-ups or files, a project):
// undefined when absent or not a number.
export function useIdParam(): number | undefined {
  const [search] = useSearchParams();
  return Number(search.get('id')) || undefined;
}
