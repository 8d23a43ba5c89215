import { useTranslation } from 'react-i18next';
import { Button, Result, Space } from 'antd';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../paths';

// A 403/404 page: its status, one line of explanation, a way home and, with `back`, to the page before.
export function StatusPage(props: { status: '403' | '404'; subTitle: string; testId?: string; back?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = (
    <Button type="primary" onClick={() => navigate(HOME_PATH)}>
      {t('common.backHome')}
    </Button>
  );
  const back = <Button onClick={() => navigate(-1)}>{t('frame.back')}</Button>;
  return (
    <Result
      status={props.status}
      title={props.status}
      subTitle={props.subTitle}
      data-testid={props.testId}
      extra={
        props.back ? (
          <Space>
            {home}
            {back}
          </Space>
        ) : (
          home
        )
      }
    />
  );
}
