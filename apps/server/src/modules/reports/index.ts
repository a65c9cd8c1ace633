// The reports module's face: other modules import only this file.
export { createReportsModule, type ReportsNeeds } from './module.js';
export type { ReportsService } from './service.js';
export type { ReportInterview, ReportScorecard, ReportSources } from './sources.js';
// The PDF fonts (DejaVu when installed, else Helvetica with text reduced to WinAnsi): invoices too.
export { reportFonts, toWinAnsi } from './pdf/fonts.js';
// The download header a file answer names itself with (invoices, the personal-data archive).
export { attachmentHeader } from './routes.js';
