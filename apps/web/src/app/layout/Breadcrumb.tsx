import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Breadcrumb as AntBreadcrumb, Button, Space } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { useSession } from '../../stores/session';
import { routeNames } from '../routes';

export type BreadcrumbProps = {
  // Spec section 2: each item is `label` or `label:RouteName`; the value `Back` goes back one page.
  items: readonly string[];
  // Shown when a label has no locale string (server menu titles).
  fallbacks?: Readonly<Record<string, string>>;
  onRefresh?: () => void;
};

export function parseCrumb(item: string): { label: string; route?: string } {
  const i = item.lastIndexOf(':');
  return i > 0 ? { label: item.slice(0, i), route: item.slice(i + 1) } : { label: item };
}

export function Breadcrumb({ items, fallbacks = {}, onRefresh }: BreadcrumbProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const serverMenu = useSession((s) => s.serverMenu);
  const names = routeNames(serverMenu);

  const crumbs = items.map((item, i) => {
    if (item === 'Back') {
      return {
        key: `back-${i}`,
        title: (
          <a onClick={() => navigate(-1)} data-testid="crumb-back">
            <ArrowLeftOutlined /> {t('frame.back')}
          </a>
        ),
      };
    }
    const { label, route } = parseCrumb(item);
    const text = t(label, { defaultValue: fallbacks[label] ?? label });
    const target = route ? names[route] : undefined;
    return {
      key: `${item}-${i}`,
      title: target ? (
        <a onClick={() => navigate(target)} data-testid={`crumb-${route}`}>
          {text}
        </a>
      ) : (
        <span>{text}</span>
      ),
    };
  });

  return (
    <Space className="frame-breadcrumb" style={{ justifyContent: 'space-between', width: '100%' }}>
      <AntBreadcrumb items={crumbs} data-testid="breadcrumb" />
      {onRefresh && (
        <Button size="small" type="text" icon={<ReloadOutlined />} onClick={onRefresh} data-testid="crumb-refresh">
          {t('label_refresh')}
        </Button>
      )}
    </Space>
  );
}
