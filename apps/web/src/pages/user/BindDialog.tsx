import { useTranslation } from 'react-i18next';
import { Form, Input, Select, Typography } from 'antd';
import { isValidMobile } from '@study-crm/shared';
import { FormModal } from '../../components/crud/FormModal';
import { emailRule, mobileRule, requiredRule } from '../../components/form/rules';
import { AREA_CODE_OPTIONS } from '../../components/form/areaCodes';
import { sendEmailCode, sendMobileCode, useBindMutation, type BindAction, type BindKind } from './bind-api';
import { CodeField } from './CodeField';

type Values = Record<string, string | undefined>;
export type BindTarget = { kind: BindKind; action: BindAction; current: string | null };

const TITLES = {
  email: { bind: 'bind.titleBindEmail', replace: 'bind.titleReplaceEmail', unbind: 'bind.titleUnbindEmail' },
  mobile: { bind: 'bind.titleBindMobile', replace: 'bind.titleReplaceMobile', unbind: 'bind.titleUnbindMobile' },
} as const;

// Bind, replace or unbind the e-mail or the mobile. Replace proves the current address (its code) and the new
// one (its code); every code goes through the send button next to its field.
export function BindDialog({ target, onClose }: { target: BindTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useBindMutation();
  const kind = target?.kind ?? 'email';
  const action = target?.action ?? 'bind';
  const hasNew = action !== 'unbind';

  return (
    <FormModal<Values>
      open={target !== null}
      record={`${kind}-${action}`}
      title={t(TITLES[kind][action])}
      initialValues={kind === 'mobile' ? { areaCode: '852' } : {}}
      inlineCodes={[5402, 5403, 7200, 7201, 7202, 7203, 7206, 7207, 7208]}
      onSubmit={(v) => save.mutateAsync({ kind, action, v })}
      onClose={onClose}
      testId="bind-dialog"
    >
      {target?.current && (
        <Typography.Paragraph type="secondary">
          {t(kind === 'email' ? 'bind.email' : 'bind.mobile')}: {target.current}
        </Typography.Paragraph>
      )}
      {action === 'replace' && (
        <CodeContainer
          name="oldCode"
          label={t('bind.oldCode', { what: t(kind === 'email' ? 'bind.emailWord' : 'bind.mobileWord') })}
          purpose="rebindOld"
          kind={kind}
          testId="bind-old-code"
        />
      )}
      {hasNew && kind === 'email' && (
        <Form.Item
          name="email"
          label={t(action === 'replace' ? 'bind.newEmail' : 'bind.email')}
          rules={[requiredRule(t('bind.emailRequired')), emailRule(t('bind.emailInvalid'))]}
        >
          <Input autoComplete="email" maxLength={120} data-testid="bind-email" />
        </Form.Item>
      )}
      {hasNew && kind === 'mobile' && (
        <MobileFields label={t(action === 'replace' ? 'bind.newMobile' : 'bind.mobile')} />
      )}
      <CodeContainer
        name="code"
        label={
          action === 'replace'
            ? t('bind.newCode', { what: t(kind === 'email' ? 'bind.emailWord' : 'bind.mobileWord') })
            : t('bind.code')
        }
        purpose={action === 'bind' ? 'bind' : action === 'replace' ? 'rebindNew' : 'unbind'}
        kind={kind}
        testId="bind-code"
      />
    </FormModal>
  );
}

function MobileFields({ label }: { label: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<Values>();
  return (
    <>
      <Form.Item
        name="areaCode"
        label={t('bind.areaCode')}
        rules={[{ required: true, message: t('bind.areaCodeRequired') }]}
      >
        <Select options={AREA_CODE_OPTIONS} style={{ width: 200 }} data-testid="bind-area-code" />
      </Form.Item>
      <Form.Item
        name="mobile"
        label={label}
        dependencies={['areaCode']}
        rules={[
          requiredRule(t('bind.mobileRequired')),
          mobileRule(() => form.getFieldValue('areaCode'), { invalid: t('bind.mobileInvalid') }, isValidMobile),
        ]}
      >
        <Input inputMode="tel" maxLength={20} data-testid="bind-mobile" />
      </Form.Item>
    </>
  );
}

// The code field; its send button first checks the new address when the code goes to it.
function CodeContainer(props: {
  name: string;
  label: string;
  purpose: 'bind' | 'rebindOld' | 'rebindNew' | 'unbind';
  kind: BindKind;
  testId: string;
}) {
  const form = Form.useFormInstance<Values>();
  const toNew = props.purpose === 'bind' || props.purpose === 'rebindNew';
  const send = async () => {
    if (props.kind === 'email') {
      const email = toNew ? (await form.validateFields(['email'])).email : undefined;
      return sendEmailCode({ purpose: props.purpose, email });
    }
    const v = toNew ? await form.validateFields(['areaCode', 'mobile']) : {};
    return sendMobileCode({ purpose: props.purpose, areaCode: v.areaCode, mobile: v.mobile });
  };
  return <CodeField name={props.name} label={props.label} send={send} testId={props.testId} />;
}
