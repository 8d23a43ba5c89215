import { ColorPicker, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ColorTag } from '../dict';

const PRESETS = ['#165DFF', '#00B42A', '#FF7D00', '#F53F3F', '#722ED1', '#14C9C9', '#F7BA1E', '#86909C'];

type Props = { value?: string | null; onChange?: (value: string | null) => void; previewText?: string };

// A hex colour (or none) with a live preview of the badge it produces.
export function ColorField({ value, onChange, previewText }: Props) {
  const { t } = useTranslation();
  return (
    <Space align="center" wrap>
      <ColorPicker
        value={value || null}
        allowClear
        showText={(color) => (value ? color.toHexString().toUpperCase() : t('crud.noColor'))}
        format="hex"
        disabledAlpha
        presets={[{ label: t('crud.color'), colors: PRESETS }]}
        onChange={(color) => onChange?.(color.cleared ? null : color.toHexString().toUpperCase())}
        onClear={() => onChange?.(null)}
      />
      <Typography.Text type="secondary">{t('crud.preview')}</Typography.Text>
      <ColorTag color={value} testId="color-preview">
        {previewText || '—'}
      </ColorTag>
    </Space>
  );
}
