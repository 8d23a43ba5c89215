import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryPending } from '../../components/QueryPending';
import { Alert, Avatar, Button, Card, Empty, Form, Input, Modal, Space, Typography } from 'antd';
import { EditOutlined, PrinterOutlined, UserOutlined } from '@ant-design/icons';
import type { CvBody, PersonalCv } from '@study-crm/shared';
import { useAuthImage } from '../../components/useAuthImage';
import { useConfirm } from '../../components/form/useConfirm';
import { useCvMutation, usePersonalCv } from './api';
import './resume.css';

type Entry = { when: string; what: string; detail?: string | null };
const span = (start?: string | null, end?: string | null, now = '') =>
  [start, end ?? (start ? now : null)].filter(Boolean).join(' – ');

function Section(props: { title: string; entries: Entry[] }) {
  if (!props.entries.length) return null;
  return (
    <div className="resume-section">
      <Typography.Title level={5}>{props.title}</Typography.Title>
      {props.entries.map((e, i) => (
        <div className="resume-row" key={i}>
          <span className="resume-when">{e.when}</span>
          <span>
            <strong>{e.what}</strong>
            {e.detail ? <div>{e.detail}</div> : null}
          </span>
        </div>
      ))}
    </div>
  );
}

// The CV headline and objective: create, then edit; saved after confirmation.
function CvEditor(props: { cv: PersonalCv['cv']; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const save = useCvMutation(props.cv !== null);
  const [form] = Form.useForm<CvBody>();
  return (
    <Modal
      open={props.open}
      title={t(props.cv ? 'user.resume.edit' : 'user.resume.create')}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText={t('user.form.save')}
      cancelText={t('user.twoFactor.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={props.cv ?? {}}
        data-testid="cv-form"
        onFinish={(v) =>
          confirm(t('user.form.confirmSave'), async () => {
            await save.mutateAsync(v);
            props.onClose();
          })
        }
      >
        <Form.Item
          name="headline"
          label={t('user.resume.headline')}
          rules={[{ required: true, message: t('user.required', { field: t('user.resume.headline') }) }, { max: 120 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="objective" label={t('user.resume.objective')} rules={[{ max: 2000 }]}>
          <Input.TextArea rows={4} showCount maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

// The member's resume built from their profile (personalCv), printable on its own.
export default function ResumePage() {
  const { t } = useTranslation();
  const query = usePersonalCv();
  const { data } = query;
  const [editing, setEditing] = useState(false);
  const avatar = useAuthImage(data?.profile.avatarImg);
  if (!data) return <QueryPending query={query} failed={t('user.loadFailed')} />;
  const { cv, profile: p } = data;
  const now = t('user.resume.present');
  const words = (title: string, list: string[]) =>
    list.length ? (
      <div className="resume-section">
        <Typography.Title level={5}>{title}</Typography.Title>
        {list.map((w) => (
          <span className="resume-word" key={w}>
            {w}
          </span>
        ))}
      </div>
    ) : null;
  const facts = [
    p.email,
    p.mobile ? `+${p.areaCode ?? ''} ${p.mobile}` : null,
    [p.city, p.nationality].filter(Boolean).join(', ') || null,
    p.workYears != null ? t('user.resume.years', { count: p.workYears }) : null,
    p.employmentMode ? t(`user.mode.${p.employmentMode}`) : null,
    p.expectedSalary ? `${t('user.form.expectedSalary')}: ${p.salaryCurrency ?? ''} ${p.expectedSalary}` : null,
  ].filter(Boolean);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space className="no-print">
        <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="cv-edit">
          {t(cv ? 'user.resume.edit' : 'user.resume.create')}
        </Button>
        <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="cv-print">
          {t('user.resume.print')}
        </Button>
      </Space>
      {!cv && <Alert className="no-print" type="info" showIcon title={t('user.resume.noCv')} />}
      <Card className="resume-sheet" data-testid="resume-sheet">
        <Space align="start" size={20}>
          <Avatar size={88} src={avatar} icon={<UserOutlined />} />
          <div>
            <h1>{p.displayName}</h1>
            {p.fullName && p.fullName !== p.displayName ? <div>{p.fullName}</div> : null}
            {cv ? <Typography.Text strong>{cv.headline}</Typography.Text> : null}
            <div style={{ marginTop: 6 }}>
              <span className={`resume-word resume-${p.identityStatus}`} data-testid="cv-identity">
                {t('user.identity')}: {t(`user.identityStatus.${p.identityStatus}`)}
              </span>
            </div>
            <div style={{ marginTop: 6 }}>{facts.join(' · ')}</div>
          </div>
        </Space>
        {cv?.objective ? (
          <div className="resume-section">
            <Typography.Title level={5}>{t('user.resume.objective')}</Typography.Title>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{cv.objective}</Typography.Paragraph>
          </div>
        ) : null}
        {p.summary ? (
          <div className="resume-section">
            <Typography.Title level={5}>{t('user.form.summary')}</Typography.Title>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{p.summary}</Typography.Paragraph>
          </div>
        ) : null}
        <Section
          title={t('user.form.workHistory')}
          entries={p.workHistory.map((w) => ({
            when: span(w.start, w.end, now),
            what: [w.title, w.company].filter(Boolean).join(' · '),
            detail: w.description,
          }))}
        />
        <Section
          title={t('user.form.educationHistory')}
          entries={p.educationHistory.map((e) => ({
            when: span(e.start, e.end, now),
            what: [e.school, e.major, e.degree].filter(Boolean).join(' · '),
          }))}
        />
        {words(t('user.form.skills'), p.skills)}
        {words(t('user.form.techStack'), p.techStack)}
        {words(t('user.form.languages'), p.languages)}
        {words(t('user.form.jobTags'), p.jobTags)}
        <Section
          title={t('user.form.certificates')}
          entries={p.certificates.map((c) => ({ when: c.date ?? '', what: c.name, detail: c.issuer }))}
        />
        <Section
          title={t('user.form.awards')}
          entries={p.awards.map((a) => ({ when: a.date ?? '', what: a.name, detail: a.issuer }))}
        />
        {p.hobbies ? (
          <div className="resume-section">
            <Typography.Title level={5}>{t('user.form.hobbies')}</Typography.Title>
            <div>{p.hobbies}</div>
          </div>
        ) : null}
        {!p.summary && !p.workHistory.length && !p.educationHistory.length && !p.skills.length ? (
          <Empty className="no-print" description={t('user.resume.emptyProfile')} />
        ) : null}
      </Card>
      <CvEditor cv={cv} open={editing} onClose={() => setEditing(false)} />
    </Space>
  );
}
