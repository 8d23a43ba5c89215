import { useEffect, useState } from 'react';

// The term of a select that searches on the server: what is typed becomes the search once typing pauses (300 ms),
// and `opened` says whether the select was opened at all (its query waits until then).
export function useSearchTerm(delayMs = 300) {
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setTerm(typed.trim()), delayMs);
    return () => clearTimeout(id);
  }, [typed, delayMs]);
  return {
    term,
    opened,
    // Props for an antd Select: search on the server, remember the first opening.
    selectProps: {
      showSearch: { filterOption: false as const, onSearch: setTyped },
      onOpenChange: (open: boolean) => open && setOpened(true),
    },
  };
}
