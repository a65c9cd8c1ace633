// The home feature's face: other features import only this file.
export { MaybeFigure } from './SummaryTiles';
