// The organizations feature's face: Organization Management pages are loaded by the routes;
// other features may read the query keys (a change to an organisation refreshes its lists) and
// the organisation list (User Management's organisation picker for the super admin).
export { organizationKeys, useOrganizations } from './api';
