import { useEffect, useState } from 'react';

// How long after an overlay closes the focus is given back if it falls to <body> (antd's close motion is 0.3 s).
const RETURN_WITHIN_MS = 1500;

// A dialog or drawer that is mounted to open and unmounted to close (WCAG 2.4.3): antd gives the focus back to what
// opened it only after its close animation, and an overlay taken out of the page never runs it, so the focus fell
// to the page's <body>. While `open` (an overlay's own component passes nothing: open while mounted) this remembers
// what had the focus when it opened, and when it closes puts the focus back there, unless the focus has gone
// somewhere on purpose meanwhile (it is only moved from <body>, to an element still in the page). Called in the
// parent with `open` when the overlay is replaced while open (a payment's View drawer by its Edit drawer).
export function useFocusReturn(open = true): void {
  const [from, setFrom] = useState<Element | null>(null);
  const [wasOpen, setWasOpen] = useState(false);
  // Read while rendering the change, before the overlay is drawn and takes the focus into itself.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setFrom(document.activeElement);
  }
  useEffect(() => {
    if (!open || !(from instanceof HTMLElement)) return;
    return () => {
      // After the overlay has left the page (its focused element with it), and after a confirmation that closed it
      // has finished its own close animation (antd then gives the focus to an element no longer there): watched a
      // short while, until a pointer is pressed (a click puts the focus where the member means).
      const until = Date.now() + RETURN_WITHIN_MS;
      const stop = () => {
        clearInterval(timer);
        window.removeEventListener('pointerdown', stop, true);
      };
      const timer = setInterval(() => {
        const now = document.activeElement;
        if (!from.isConnected || Date.now() > until) stop();
        else if (!now || now === document.body) {
          from.focus({ preventScroll: true });
          stop();
        }
      }, 30);
      window.addEventListener('pointerdown', stop, true);
    };
  }, [open, from]);
}
