// The calendars feature's face: calendar connections and auto-join, Zoom recordings.
export { CalendarSection } from './CalendarSection';
export { ZoomSection } from './ZoomSection';
export { AutoJoinCell, withAutoJoinColumn } from './AutoJoinColumn';
