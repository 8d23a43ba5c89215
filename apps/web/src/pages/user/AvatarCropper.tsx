import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, Slider, Space, Typography } from 'antd';

const VIEW = 240;
const OUT = 256;

type View = { zoom: number; x: number; y: number };

// Draws the image covering a square of `size`, zoomed and moved by `v` (offsets in view pixels).
function draw(ctx: CanvasRenderingContext2D, img: HTMLImageElement, v: View, size: number) {
  const k = size / VIEW;
  const scale = Math.max(VIEW / img.naturalWidth, VIEW / img.naturalHeight) * v.zoom * k;
  const w = img.naturalWidth * scale;
  const h = img.naturalHeight * scale;
  ctx.clearRect(0, 0, size, size);
  ctx.drawImage(img, (size - w) / 2 + v.x * k, (size - h) / 2 + v.y * k, w, h);
}

// Keeps the square covered: the image never moves further than its overhang.
function clamp(img: HTMLImageElement, v: View): View {
  const scale = Math.max(VIEW / img.naturalWidth, VIEW / img.naturalHeight) * v.zoom;
  const mx = Math.max(0, (img.naturalWidth * scale - VIEW) / 2);
  const my = Math.max(0, (img.naturalHeight * scale - VIEW) / 2);
  return { zoom: v.zoom, x: Math.min(mx, Math.max(-mx, v.x)), y: Math.min(my, Math.max(-my, v.y)) };
}

// A small square crop before the avatar upload: drag to move, slide to zoom; the result is a 256×256 PNG.
export function AvatarCropper(props: { file: File | null; onCancel: () => void; onDone: (png: Blob) => void }) {
  const { file, onCancel, onDone } = props;
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  const [failed, setFailed] = useState(false);
  const [view, setView] = useState<View>({ zoom: 1, x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    setImg(null);
    setFailed(false);
    setView({ zoom: 1, x: 0, y: 0 });
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => setImg(image);
    image.onerror = () => setFailed(true);
    image.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx && img) draw(ctx, img, view, VIEW);
  }, [img, view]);

  const finish = () =>
    new Promise<void>((resolve) => {
      if (!img) return resolve();
      const out = document.createElement('canvas');
      out.width = OUT;
      out.height = OUT;
      draw(out.getContext('2d')!, img, view, OUT);
      out.toBlob((blob) => {
        if (blob) onDone(blob);
        resolve();
      }, 'image/png');
    });

  return (
    <Modal
      open={Boolean(file)}
      title={t('user.avatar.crop')}
      onCancel={onCancel}
      onOk={finish}
      okText={t('user.avatar.use')}
      okButtonProps={{ disabled: !img }}
      cancelText={t('user.twoFactor.cancel')}
      destroyOnHidden
      width={320}
    >
      {failed ? (
        <Typography.Text type="danger">{t('user.avatar.notImage')}</Typography.Text>
      ) : (
        <Space orientation="vertical" align="center" style={{ width: '100%' }}>
          <canvas
            ref={canvas}
            width={VIEW}
            height={VIEW}
            data-testid="avatar-crop"
            style={{ borderRadius: '50%', cursor: 'move', touchAction: 'none', background: '#8884' }}
            onPointerDown={(e) => {
              drag.current = { x: e.clientX, y: e.clientY };
              e.currentTarget.setPointerCapture(e.pointerId);
            }}
            onPointerMove={(e) => {
              const from = drag.current;
              if (!from || !img) return;
              drag.current = { x: e.clientX, y: e.clientY };
              setView((v) => clamp(img, { ...v, x: v.x + e.clientX - from.x, y: v.y + e.clientY - from.y }));
            }}
            onPointerUp={() => (drag.current = null)}
          />
          <Slider
            style={{ width: VIEW }}
            min={1}
            max={3}
            step={0.05}
            value={view.zoom}
            onChange={(zoom) => img && setView((v) => clamp(img, { ...v, zoom }))}
            aria-label={t('user.avatar.zoom')}
          />
          <Typography.Text type="secondary">{t('user.avatar.hint')}</Typography.Text>
        </Space>
      )}
    </Modal>
  );
}
