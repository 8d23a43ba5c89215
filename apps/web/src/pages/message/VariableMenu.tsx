import { useTranslation } from 'react-i18next';
import { Button, Dropdown, Space, Typography } from 'antd';
import type { MailVariable } from '@study-crm/shared';

// `labelled`: the button says what it does beside its `{{ }}` (under a text field; the editor's toolbar has room only
// for the sign).
type Props = {
  variables: readonly MailVariable[];
  onPick: (tag: string) => void;
  testId: string;
  labelled?: boolean;
};

// "Insert variable": each template variable by its name in the caller's language, its tag beside it; choosing one
// hands its tag (`{{ student.name }}`) to `onPick`. The button keeps the focus where it was (the editor's cursor).
export default function VariableMenu({ variables, onPick, testId, labelled = false }: Props) {
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: variables.map((v) => ({
          key: v,
          label: (
            <Space size={8}>
              {t(`message.variables.${v}`)}
              <Typography.Text type="secondary">{`{{ ${v} }}`}</Typography.Text>
            </Space>
          ),
        })),
        onClick: ({ key }) => onPick(`{{ ${key} }}`),
      }}
    >
      <Button
        size="small"
        type={labelled ? 'link' : 'text'}
        title={labelled ? undefined : t('message.editor.variable')}
        aria-label={labelled ? undefined : t('message.editor.variable')}
        onMouseDown={(e) => e.preventDefault()}
        data-testid={testId}
      >
        {labelled ? `{{ }} ${t('message.editor.variable')}` : '{{ }}'}
      </Button>
    </Dropdown>
  );
}
