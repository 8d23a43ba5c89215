import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Modal, type ModalProps } from 'antd';

// Spec section 9: a modal can be resized, never below 400 x 300.
export const MODAL_MIN = { width: 400, height: 300 } as const;

export type ResizableModalProps = Omit<ModalProps, 'width'> & { width?: number; height?: number };

export const clampSize = (width: number, height: number) => ({
  width: Math.max(MODAL_MIN.width, Math.round(width)),
  height: Math.max(MODAL_MIN.height, Math.round(height)),
});

export function ResizableModal({ width = 640, height = 420, children, styles, ...rest }: ResizableModalProps) {
  const [size, setSize] = useState(() => clampSize(width, height));
  const start = useRef<{ x: number; y: number; width: number; height: number } | null>(null);

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    start.current = { x: e.clientX, y: e.clientY, ...size };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const s = start.current;
    if (!s) return;
    setSize(clampSize(s.width + e.clientX - s.x, s.height + e.clientY - s.y));
  };
  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    start.current = null;
    e.currentTarget.releasePointerCapture?.(e.pointerId);
  };

  return (
    <Modal
      {...rest}
      width={size.width}
      styles={{ ...styles, body: { height: size.height, overflow: 'auto', position: 'relative' } }}
    >
      <div data-testid="resizable-modal-body" data-width={size.width} data-height={size.height}>
        {children}
      </div>
      <div
        className="resizable-modal-handle"
        data-testid="resizable-modal-handle"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        style={{
          position: 'absolute',
          right: 2,
          bottom: 2,
          width: 14,
          height: 14,
          cursor: 'nwse-resize',
          borderRight: '2px solid currentColor',
          borderBottom: '2px solid currentColor',
          opacity: 0.4,
        }}
      />
    </Modal>
  );
}
