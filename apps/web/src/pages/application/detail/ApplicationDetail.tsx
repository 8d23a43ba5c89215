import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Card, Form, Result, Skeleton, Space, Typography } from 'antd';
import {
  APPLICATION_DEFAULT_STATUS,
  ApplicationDuplicateSchema,
  Code,
  PERM,
  ukDay,
  type ApplicationView,
} from '@study-crm/shared';
import { useCanOpen, useIdParam, useTabTitle } from '../../../navigation/useScreen';
import { Banner } from '../../../components/Banner';
import { usePermission } from '../../../components/Permission';
import { useUnsavedChangesGuard } from '../../../components/unsavedChanges';
import { saveApplication, useApplicationView, useInvalidateApplication } from '../api';
import { useStaffOptions } from '../../../components/crud/filters';
import { useSimpleInfo } from '../../../components/application/useSimpleInfo';
import { BackToListTitle } from '../../../components/application/BackToListTitle';
import { PATHS } from '../../../navigation/paths';
import { isSection, SECTIONS, sharedRuleErrors, toBody, toFormValues, type FormValues } from './formValues';
import { PersonalSection } from './PersonalSection';
import { withCurrentTeachers } from './teacherOptions';
import { NotesSection, RepeatedSection } from './sections';
import { VisaChecklist } from './VisaChecklist';
import { useConfirm } from '../../../components/form/useConfirm';
import { toast } from '../../../lib/feedback';
import { TimelineButton } from '../../../components/audit/RecordTimeline';

const NEW_APPLICATION: Partial<FormValues> = {
  status: APPLICATION_DEFAULT_STATUS,
  educations: [],
  jobs: [],
  languageScores: [],
  referrers: [],
  targetSchools: [],
};

// The application form: loads one application (or starts a new one), saves it with the version read, and offers
// to reload when someone else saved in between (409).
export default function ApplicationDetail() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const id = useIdParam();
  const [form] = Form.useForm<FormValues>();
  const view = useApplicationView(id);
  const staff = useStaffOptions();
  // The record's teachers by name (a teacher who has left is not among the active staff).
  const info = useSimpleInfo(id);
  const invalidate = useInvalidateApplication();
  const canSave = usePermission(id ? PERM.applicationUpdate : PERM.applicationAdd);
  // The version the form was filled from: its save is refused (409) when the record was saved since.
  const version = useRef<number | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirtyState] = useState(false);
  // Read when the record is read again, without re-running that effect on every edit.
  const dirtyRef = useRef(false);
  const setDirty = useCallback((value: boolean) => {
    dirtyRef.current = value;
    setDirtyState(value);
  }, []);
  // The record was saved elsewhere while this form held unsaved edits: they stay, with a notice.
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const release = useUnsavedChangesGuard(dirty);
  useTabTitle(id ? view.data?.name : t('application.newTitle'));

  const fill = useCallback(
    (data: ApplicationView) => {
      form.resetFields();
      form.setFieldsValue(toFormValues(data));
      version.current = data.version;
      setDirty(false);
      setChangedElsewhere(false);
    },
    [form, setDirty],
  );

  // A record read again replaces the form only while it holds no edits; otherwise the form keeps the version it was
  // filled from, so its save is refused as a stale copy (409), and says the record changed.
  useEffect(() => {
    if (!view.data) return;
    if (!dirtyRef.current) fill(view.data);
    else if (view.data.version !== version.current) setChangedElsewhere(true);
  }, [view.data, fill]);

  async function reload() {
    const res = await view.refetch();
    if (res.data) fill(res.data);
  }

  async function save() {
    let values: FormValues;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true) as FormValues;
    } catch {
      toast.error(t('application.fixErrors'));
      return;
    }
    const problems = sharedRuleErrors(values);
    // A rule about a whole section (the UCAS limit) has no input to attach to: say it in a message.
    const sectionProblem = problems.find((p) => p.name.length === 1 && isSection(p.name[0]));
    if (sectionProblem) {
      toast.error(sectionProblem.errors[0] ?? t('application.fixErrors'));
      return;
    }
    if (problems.length) {
      form.setFields(problems);
      form.scrollToField(problems[0]!.name, { block: 'center' });
      toast.error(t('application.fixErrors'));
      return;
    }
    confirm(t('application.saveConfirm'), () => send(values));
  }

  // `confirmed`: the user chose to save it although the student already applied for one of its courses (the server
  // checks a new application's courses, and those an edit adds, against the student's other applications).
  async function send(values: FormValues, confirmed = false) {
    setSaving(true);
    try {
      const body = toBody(values);
      if (id) Object.assign(body, { id, version: version.current });
      if (!confirmed) Object.assign(body, { checkDuplicate: 1 });
      const res = await saveApplication(body, id);
      if (res.meta.code === 409) {
        confirm(t('application.conflictTitle'), reload, { content: res.meta.message, okText: t('application.reload') });
        return;
      }
      if (res.meta.code === Code.APPLICATION_DUPLICATE) {
        askDuplicate(res.meta.message, ApplicationDuplicateSchema.safeParse(res.data).data?.applicationId, () =>
          send(values, true),
        );
        return;
      }
      if (res.meta.code !== 200) return;
      setDirty(false);
      setChangedElsewhere(false);
      version.current = res.data.version;
      setWarnings(res.data.warnings.map((w) => w.message));
      toast.success(t('application.saved'));
      await invalidate();
      if (!id) {
        release();
        navigate(PATHS.detail(res.data.id), { replace: true });
      }
    } finally {
      setSaving(false);
    }
  }

  // The student already applied for one of the courses (7944): save anyway, open that application (the question
  // closes, nothing is saved) or Cancel, which holds the focus so an Enter meant for the save's confirmation does not
  // save it.
  function askDuplicate(message: string, heldBy: number | undefined, saveAnyway: () => unknown) {
    confirm(t('application.duplicateTitle'), saveAnyway, {
      content: (close) => (
        <>
          <p>{message}</p>
          {heldBy !== undefined && (
            <p>
              <Button
                type="link"
                style={{ padding: 0 }}
                onClick={() => {
                  close();
                  navigate(PATHS.detail(heldBy));
                }}
                data-testid="duplicate-open"
              >
                {t('application.openExisting', { id: heldBy })}
              </Button>
            </p>
          )}
          <p>{t(id ? 'application.duplicateQuestionEdit' : 'application.duplicateQuestion')}</p>
        </>
      ),
      okText: t(id ? 'application.saveAnyway' : 'application.createAnyway'),
      okTestId: id ? 'save-anyway' : 'create-anyway',
      focusCancel: true,
    });
  }

  if (id && view.isError) return <Result status="404" title={t('application.notFound')} />;
  if (id && view.isLoading) return <Skeleton active />;

  const teacherOptions = withCurrentTeachers(staff.data, [info.data?.signingTeacher, info.data?.followTeacher]);
  const title = id ? t('application.editTitle', { name: view.data?.name ?? '' }) : t('application.newTitle');
  const saveButton = (block: boolean) =>
    canSave && (
      <Button
        type="primary"
        loading={saving}
        onClick={() => void save()}
        block={block}
        data-testid={block ? undefined : 'detail-save'}
      >
        {t('common.save')}
      </Button>
    );

  const record = (
    <Form<FormValues>
      form={form}
      name="app"
      layout="vertical"
      onValuesChange={() => setDirty(true)}
      // A new application's date is the UK day, as the server's default and reminders count it.
      initialValues={id ? undefined : { ...NEW_APPLICATION, applicationDate: ukDay(Date.now()) }}
    >
      <Card
        title={
          <BackToListTitle label={t('application.backToList')}>
            <span data-testid="detail-title">{title}</span>
          </BackToListTitle>
        }
        extra={
          <Space>
            {id && <TimelineButton recordType="application" recordId={id} />}
            {id && <Button onClick={() => navigate(PATHS.follow(id))}>{t('application.action.follow')}</Button>}
            {id && <Button onClick={() => navigate(PATHS.files(id))}>{t('application.action.files')}</Button>}
            {id && canOpen(PATHS.transactions) && (
              <Button onClick={() => navigate(PATHS.payments(id))} data-testid="app-detail-payments">
                {t('application.action.payments')}
              </Button>
            )}
            {saveButton(false)}
          </Space>
        }
        style={{ marginBottom: 16 }}
      >
        {warnings.length > 0 && (
          <Banner
            type="warning"
            closable
            title={t('application.warnings')}
            description={warnings.map((w) => (
              <div key={w}>{w}</div>
            ))}
            data-testid="detail-warnings"
          />
        )}
        {changedElsewhere && (
          <Banner
            type="warning"
            title={t('application.changedElsewhere')}
            action={
              <Button size="small" onClick={() => void reload()} data-testid="detail-reload">
                {t('application.reload')}
              </Button>
            }
            data-testid="detail-changed"
          />
        )}
        {dirty && (
          <Typography.Text type="warning" data-testid="detail-dirty">
            {t('application.unsavedHint')}
          </Typography.Text>
        )}
        <PersonalSection form={form} teacherOptions={teacherOptions} />
      </Card>
      {SECTIONS.map((section) => (
        <RepeatedSection key={section} section={section} form={form} />
      ))}
      <NotesSection />
      {saveButton(true)}
    </Form>
  );
  // The Student visa checklist saves step by step, outside the record's form (issue 40).
  return id ? (
    <>
      {record}
      <VisaChecklist id={id} />
    </>
  ) : (
    record
  );
}
