// The sharing feature's face: sharing a meeting with people or by public link, and the
// public view a link opens.
export { sharingKeys, usePublicView } from './api';
export { publicViewUrl, type PublicView, type ShareUser } from './model';
export { ShareDialog } from './ShareDialog';
