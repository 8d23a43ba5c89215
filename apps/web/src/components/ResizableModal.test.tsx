import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { clampSize, MODAL_MIN, ResizableModal } from './ResizableModal';

afterEach(cleanup);

describe('ResizableModal', () => {
  it('never goes below 400 x 300', () => {
    expect(MODAL_MIN).toEqual({ width: 400, height: 300 });
    expect(clampSize(100, 50)).toEqual({ width: 400, height: 300 });
    expect(clampSize(812.4, 640.6)).toEqual({ width: 812, height: 641 });
  });

  it('starts at the given size, clamped', () => {
    render(
      <ResizableModal open width={200} height={100} title="t">
        body
      </ResizableModal>,
    );
    const body = screen.getByTestId('resizable-modal-body');
    expect(body.dataset.width).toBe('400');
    expect(body.dataset.height).toBe('300');
  });

  it('grows and shrinks by dragging the corner, stopping at the minimum', () => {
    render(
      <ResizableModal open width={600} height={400} title="t">
        body
      </ResizableModal>,
    );
    const handle = screen.getByTestId('resizable-modal-handle');
    const body = screen.getByTestId('resizable-modal-body');
    fireEvent.pointerDown(handle, { clientX: 100, clientY: 100, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 180, clientY: 150, pointerId: 1 });
    expect([body.dataset.width, body.dataset.height]).toEqual(['680', '450']);
    fireEvent.pointerMove(handle, { clientX: -900, clientY: -900, pointerId: 1 });
    expect([body.dataset.width, body.dataset.height]).toEqual(['400', '300']);
    fireEvent.pointerUp(handle, { pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 500, clientY: 500, pointerId: 1 });
    expect([body.dataset.width, body.dataset.height]).toEqual(['400', '300']);
  });
});
