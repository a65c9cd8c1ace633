// The sales feature's face: other features import only this file.
export { DealWarnings, evidenceLines, WARNING_LABELS } from './DealWarnings';
