import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from './deps.js';
import type { Identity } from './wiring.identity.js';
import type { Platform } from './wiring.platform.js';
import type { Records } from './wiring.records.js';
import type { Setup } from './wiring.setup.js';
import { createDeliveryWorker, createOutboxRepository } from './delivery/index.js';
import {
  createFeedbackRepository,
  createFeedbackService,
  feedbackExporter,
  registerFeedbackRoutes,
} from './feedback/index.js';
import { createNoticeBoard, createNoticeBoardRepository } from './inbox/index.js';
import {
  createEmailChannel,
  createEmailService,
  createMailRepository,
  createRecordCopies,
  createSenderService,
  createSystemMail,
  createTemplateService,
  createTransportPool,
  emailExporter,
  mailSenderExporter,
  registerEmailRoutes,
  registerMailSenderRoutes,
  registerTemplateRoutes,
  templateExporter,
  textTemplatesOf,
} from './mail/index.js';
import { createNoticeService, noticeExporter, registerNoticeRoutes } from './notice/index.js';
import {
  createSmsChannel,
  createSmsProvider,
  createSmsRepository,
  createSmsService,
  registerSmsRoutes,
  scheduleSmsDraftSweep,
  smsExporter,
  smsTexts,
} from './sms/index.js';
import {
  createVerificationRepository,
  createVerificationService,
  registerVerificationRoutes,
} from './verification/index.js';

// Messaging (issue 15): the delivery outbox and its worker, e-mail and SMS, and the modules that send through them:
// member notices, feedback replies and the binding and password codes of verification.
export function wireMessaging(
  app: FastifyInstance,
  deps: ModuleDeps,
  {
    credentials,
    people,
    storage,
    uploads,
    inbox,
    captcha,
    secretKey,
    box,
    exports,
    dictRepo,
    members,
    applications,
  }: Pick<
    Platform,
    'credentials' | 'people' | 'storage' | 'uploads' | 'inbox' | 'captcha' | 'secretKey' | 'box' | 'exports'
  > &
    Pick<Setup, 'dictRepo'> &
    Pick<Identity, 'members'> &
    Pick<Records, 'applications'>,
) {
  const { config, db, dialect, clock, sessions } = deps;
  // The delivery outbox and its worker (app.ts starts and stops it).
  const outbox = createOutboxRepository(db, dialect);
  const delivery = createDeliveryWorker({ outbox, clock, settings: config.delivery, log: app.log });
  app.decorate('delivery', delivery);

  // E-mail (issue 15): mail servers, templates and e-mails, and the e-mail channel of the worker.
  const mailRepo = createMailRepository(db);
  const transports = createTransportPool((sender) => box.open(sender.passwordEnc), 2 * config.delivery.laneConcurrency);
  const senders = createSenderService({ repo: mailRepo, box, transports, clock });
  registerMailSenderRoutes(app, senders);
  const templates = createTemplateService({ repo: mailRepo, clock, frameHosts: config.templateFrameHosts });
  registerTemplateRoutes(app, templates);
  const emails = createEmailService({
    repo: mailRepo,
    outbox,
    worker: delivery,
    clock,
    storage,
    applications,
    uploadedBy: uploads.uploadedBy,
  });
  registerEmailRoutes(app, emails, senders);
  exports.register(emailExporter(emails));
  exports.register(templateExporter(templates));
  exports.register(mailSenderExporter(senders));
  delivery.register(
    createEmailChannel({
      repo: mailRepo,
      transports,
      portalLink: config.portalUrl,
      storage,
      box,
      outbox,
      laneConcurrency: config.delivery.laneConcurrency,
    }),
  );
  // E-mails other modules write themselves (feedback replies, verification codes), queued in their transaction.
  const systemMail = createSystemMail({ repo: mailRepo, outbox, worker: delivery, box, clock });
  const mail = {
    // The stored names e-mails keep as attachments, so the orphan upload sweep leaves them alone.
    referenced: mailRepo.referenced,
    // E-mail copies of other modules' records (a member notice), each recipient addressed alone.
    copies: createRecordCopies({ repo: mailRepo, outbox, worker: delivery, clock }),
    // Whether a template is there (its timeline, decision 180).
    findTemplate: mailRepo.template,
  };

  // SMS from .xlsx recipient lists (issue 17); `app.sms.queueText` sends one text through the outbox.
  const provider = createSmsProvider(config);
  if (!provider.isConfigured) {
    app.log.warn('no SMS gateway configured (SMS_GATEWAY_URL): every SMS is recorded as not delivered');
  }
  const smsRepo = createSmsRepository(db);
  const smsService = createSmsService({
    repo: smsRepo,
    outbox,
    worker: delivery,
    dict: dictRepo,
    people,
    provider,
    textTemplates: textTemplatesOf(mailRepo),
    clock,
  });
  registerSmsRoutes(app, { sms: smsService, storage });
  exports.register(smsExporter({ sms: smsService, dict: dictRepo }));
  // Half the worker's batch per SMS lane: a large batch leaves the other half to texts and e-mail (decision 364).
  delivery.register(
    createSmsChannel({ repo: smsRepo, provider, laneConcurrency: Math.max(1, Math.ceil(config.delivery.batch / 2)) }),
  );
  scheduleSmsDraftSweep(app, smsService);
  const sms = smsTexts(smsService, provider);
  app.decorate('sms', sms);

  // Member notices (issue 17): administered here, kept and shown by the inbox's notice board.
  const notices = createNoticeService({
    board: createNoticeBoard(createNoticeBoardRepository(db), clock),
    people,
    members,
    copies: mail.copies,
    clock,
  });
  registerNoticeRoutes(app, notices);
  exports.register(noticeExporter(notices));

  // Feedback (issue 18): public and member submissions, replies by e-mail and message box, staff to-dos.
  const feedback = createFeedbackService({
    repo: createFeedbackRepository(db),
    captcha,
    people,
    inbox,
    mail: systemMail,
    clock,
  });
  registerFeedbackRoutes(app, feedback);
  exports.register(feedbackExporter(feedback));

  // Binding and passwords (issue 19): codes by e-mail (system e-mails of the mail module) and SMS (the SMS module's
  // queueText, through the outbox in the same transaction as the code).
  registerVerificationRoutes(
    app,
    createVerificationService({
      repo: createVerificationRepository(db),
      accounts: credentials,
      sessions,
      mail: systemMail,
      sms,
      captcha,
      clock,
      codeKey: createHmac('sha256', secretKey).update('verification-code').digest(),
      resetPerHour: config.resetCodeMaxPerHour,
    }),
  );

  return { mail };
}

export type Messaging = ReturnType<typeof wireMessaging>;
