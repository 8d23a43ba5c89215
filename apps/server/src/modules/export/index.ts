// Front door of the export module (issue 39, docs/export.md): every list screen's export. A module registers its
// list (`Exporter`: permission, query schema, the page call of its list route, columns); small exports stream at
// once, large ones run as background jobs (modules/jobs).
export { createExportService, EXPORT_PAGE, listPages } from './export.service.js';
export type { Exporter, ExportService } from './export.service.js';
export { registerExportRoutes } from './export.routes.js';
export { column, neutralise, tr, writeWorkbook } from './workbook.js';
export type { CellValue, DictRow, ExportColumn } from './workbook.js';
