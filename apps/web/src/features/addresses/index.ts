// The addresses feature's face: other features import only this file.
export { AddressesCard } from './AddressesCard';
