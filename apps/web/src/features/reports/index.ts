// The reports feature's face: PDF downloads of a meeting and the candidate's report.
export { ReportActions } from './ReportActions';
export { saveFile, useReportDownload } from './api';
