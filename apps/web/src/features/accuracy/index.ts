// The accuracy feature's face: the path of the About the analysis page, for links from the
// user menu, the help page and the meeting's video signals.
export const ABOUT_ANALYSIS_PATH = '/about/analysis';
