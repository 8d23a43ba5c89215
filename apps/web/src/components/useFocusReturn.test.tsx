import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Drawer } from 'antd';
import { useFocusReturn } from './useFocusReturn';

afterEach(cleanup);

// An overlay that is mounted to open and unmounted to close, as the payment, SMS and e-mail screens draw theirs.
function Overlay({ onClose }: { onClose: () => void }) {
  useFocusReturn();
  return (
    <Drawer open onClose={onClose} title="Overlay">
      <button type="button" onClick={onClose}>
        Done
      </button>
    </Drawer>
  );
}

function Screen({ replace }: { replace?: boolean }) {
  const [mode, setMode] = useState<'view' | 'edit' | null>(null);
  // The parent's form: the overlay is replaced by another while open (View → Edit).
  useFocusReturn(replace ? !!mode : false);
  return (
    <>
      <button type="button" onClick={() => setMode('view')}>
        Open
      </button>
      <button type="button">Elsewhere</button>
      {mode === 'view' &&
        (replace ? (
          <Drawer open title="View">
            <button type="button" onClick={() => setMode('edit')}>
              Edit
            </button>
          </Drawer>
        ) : (
          <Overlay onClose={() => setMode(null)} />
        ))}
      {mode === 'edit' && (
        <Drawer open title="Edit">
          <button type="button" onClick={() => setMode(null)}>
            Save
          </button>
        </Drawer>
      )}
    </>
  );
}

// Presses a button as a keyboard user does, focused first (once it is shown): answers the button.
async function press(name: string): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name });
  act(() => button.focus());
  fireEvent.click(button);
  return button;
}

describe('useFocusReturn', () => {
  it('gives the focus back to what opened an overlay that is unmounted to close', async () => {
    render(<Screen />);
    const open = await press('Open');
    await press('Done');
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it('gives it back when the overlay was replaced by another while open', async () => {
    render(<Screen replace />);
    const open = await press('Open');
    await press('Edit');
    await press('Save');
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it('leaves the focus where it was put on purpose', async () => {
    render(<Screen />);
    await press('Open');
    const done = await screen.findByRole('button', { name: 'Done' });
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    act(() => elsewhere.focus());
    fireEvent.click(done);
    await new Promise((r) => setTimeout(r, 100));
    expect(document.activeElement).toBe(elsewhere);
  });
});
