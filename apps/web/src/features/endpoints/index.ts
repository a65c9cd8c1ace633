export { EndpointsTable } from './EndpointsTable';
