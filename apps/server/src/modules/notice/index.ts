// Front door of the notice module: administration of member notices (/admin/v1/notices). The notices themselves
// are the inbox's (its notice board); this module validates, shapes and guards them.
export { registerNoticeRoutes } from './notice.routes.js';
export { createNoticeService } from './notice.service.js';
export type { NoticeService } from './notice.service.js';
export { noticeExporter } from './notice.export.js';
