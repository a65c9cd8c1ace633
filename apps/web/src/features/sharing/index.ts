// The sharing feature's face: sharing a meeting with people or by public link.
export { publicViewUrl, type PublicView, type ShareUser } from './model';
export { ShareDialog } from './ShareDialog';
