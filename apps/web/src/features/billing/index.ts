// The billing feature's face: plan pages are loaded by the routes; others may read the keys.
export { billingKeys } from './api';
