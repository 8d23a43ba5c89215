import { emailRule } from '../../components/form/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, InputNumber, Select } from 'antd';
import { Code, PERM, TLS_MODES, type MailSender } from '@study-crm/shared';
import { FormModal } from '../../components/crud/FormModal';
import { CrudList } from '../../components/crud/CrudList';
import { useCrudList } from '../../components/crud/useCrudList';
import { Permission } from '../../components/Permission';
import { senderCrud, testSender } from './api';
import { requiredText, requiredValue, TextField } from '../../components/crud/FormFields';
import { enumOptions } from '../../components/crud/options';
import { dialog } from '../../lib/feedback';
import type { DataColumn } from '../../components/crud/DataTable';

type Filters = { keyword?: string };
type FormValues = {
  host: string;
  port: number;
  account: string;
  password?: string;
  tlsMode: (typeof TLS_MODES)[number];
  displayName?: string | null;
  replyTo?: string | null;
};

// Mail servers (spec section 2): list, add, edit, remove with confirmation, and a connection test.
export default function EmailSenderManage() {
  const { t } = useTranslation();
  const crud = useCrudList<MailSender, Filters>(senderCrud);
  const { list, editor, query, add, update } = crud;
  const [testing, setTesting] = useState<number | null>(null);

  const runTest = async (row: MailSender) => {
    setTesting(row.id);
    try {
      const res = await testSender(row.id);
      const show = res.isOk ? dialog.success : dialog.error;
      show({
        title: res.isOk ? t('message.sender.testOk') : t('message.sender.testFailed'),
        content: <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{res.message}</pre>,
        okText: t('common.confirm'),
      });
    } catch {
      // the toast already said why
    } finally {
      setTesting(null);
    }
  };

  const columns: DataColumn<MailSender>[] = [
    { title: t('message.sender.displayName'), dataIndex: 'displayName', render: (v: string | null) => v ?? '—' },
    { title: t('message.sender.account'), dataIndex: 'account' },
    { title: t('message.sender.host'), dataIndex: 'host' },
    { title: t('message.sender.port'), dataIndex: 'port', width: 90 },
    {
      title: t('message.sender.tlsMode'),
      dataIndex: 'tlsMode',
      width: 120,
      render: (v: MailSender['tlsMode']) => t(`message.sender.tls_${v}`),
    },
    crud.actionsColumn(PERM.mailSenderUpdate, PERM.mailSenderRemove, (row) => row.displayName ?? row.account, {
      width: 240,
      before: (row) => (
        <Permission perm={PERM.mailSenderTest}>
          <Button
            type="link"
            size="small"
            loading={testing === row.id}
            onClick={() => void runTest(row)}
            data-testid="sender-test"
          >
            {t('message.sender.test')}
          </Button>
        </Permission>
      ),
    }),
  ];

  return (
    <CrudList
      strings="message.sender"
      list={list}
      add={{ perm: PERM.mailSenderAdd, onClick: () => editor.edit('new') }}
      exportList="mailSender"
      table={{ query, columns }}
    >
      <FormModal<FormValues>
        {...editor.dialog(t('message.sender.addTitle'), t('message.sender.editTitle'))}
        initialValues={
          editor.isNew ? { port: 587, tlsMode: 'starttls' } : { ...(editor.editing as MailSender), password: '' }
        }
        inlineCodes={[Code.BAD_REQUEST, Code.MAIL_SENDER_IN_USE]}
        onSubmit={(v) => editor.save(v, add, update)}
        testId="sender-form"
      >
        <Form.Item name="displayName" label={t('message.sender.displayName')} rules={[{ max: 100 }]}>
          <Input data-testid="sender-displayName" />
        </Form.Item>
        <TextField name="host" label={t('message.sender.host')} testId="sender-host" />
        <Form.Item name="port" label={t('message.sender.port')} rules={[requiredValue(t, t('message.sender.port'))]}>
          <InputNumber min={1} max={65535} style={{ width: 160 }} data-testid="sender-port" />
        </Form.Item>
        <Form.Item name="tlsMode" label={t('message.sender.tlsMode')}>
          <Select data-testid="sender-tls" options={enumOptions(TLS_MODES, (m) => t(`message.sender.tls_${m}`))} />
        </Form.Item>
        <TextField
          name="account"
          label={t('message.sender.account')}
          max={255}
          autoComplete="off"
          testId="sender-account"
        />
        <Form.Item
          name="password"
          label={t('message.sender.password')}
          extra={editor.isNew ? undefined : t('message.sender.passwordKeep')}
          rules={editor.isNew ? [requiredText(t, t('message.sender.password'))] : []}
        >
          <Input.Password autoComplete="new-password" data-testid="sender-password" />
        </Form.Item>
        <Form.Item
          name="replyTo"
          label={t('message.sender.replyTo')}
          extra={t('message.sender.replyToHint')}
          rules={[emailRule(t('message.sender.replyToInvalid'))]}
        >
          <Input data-testid="sender-replyTo" />
        </Form.Item>
      </FormModal>
    </CrudList>
  );
}
