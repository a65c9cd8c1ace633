// The auth feature's face: the layout the routes wrap the sign-in pages in.
export { AuthLayout } from './AuthLayout';
