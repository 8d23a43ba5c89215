import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { PATHS } from '../../navigation/paths';

// An application card's title (`children`) led by a button back to the application list. The button is named by
// `label` (the icon's own name is "arrow-left"): WCAG 4.1.2.
export function BackToListTitle({
  label,
  backTestId,
  children,
}: {
  label: string;
  backTestId?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Space>
      <Button
        type="text"
        icon={<ArrowLeftOutlined />}
        onClick={() => navigate(PATHS.list)}
        aria-label={label}
        data-testid={backTestId}
      />
      {children}
    </Space>
  );
}
