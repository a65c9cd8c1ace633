// The address form's lists (spec 3 §4): how long the location service takes to answer the
// countries, a country's states and a state's cities the first time (read from the installed
// @countrystatecity/countries data) and after (from memory), and an address check. Also a
// state's cities asked for before its country (the one case that reads every country's states).
// Needs `npm run build`. BENCH_ROUNDS sets the warm calls per case (default 1000).
import { createLocationsModule } from '../apps/server/dist/modules/locations/index.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1000);
const US = '233';
const CALIFORNIA = '1416';
const LOS_ANGELES = 120784;

async function timed(label, run) {
  const t = performance.now();
  const result = await run();
  console.log(`${label.padEnd(44)} ${(performance.now() - t).toFixed(2).padStart(9)} ms`);
  return result;
}

async function warm(label, run) {
  const t = performance.now();
  for (let i = 0; i < ROUNDS; i++) await run();
  const each = ((performance.now() - t) * 1000) / ROUNDS;
  console.log(`${label.padEnd(44)} ${each.toFixed(1).padStart(9)} µs per call (${ROUNDS} calls)`);
}

const { service } = createLocationsModule();
const countries = await timed('countries, first call', () => service.countries());
const states = await timed('states of the United States, first call', () => service.states(US));
const cities = await timed('cities of California, first call', () => service.cities(CALIFORNIA));
console.log(`(${countries.length} countries, ${states.length} states, ${cities.length} cities)`);
await warm('countries, cached', () => service.countries());
await warm('states of the United States, cached', () => service.states(US));
await warm('cities of California, cached', () => service.cities(CALIFORNIA));
const address = {
  addressLine1: '1 Market Street',
  countryId: Number(US),
  stateId: Number(CALIFORNIA),
  cityId: LOS_ANGELES,
  zipcode: '90012',
};
await warm('address check, cached', () => service.checkAddress(address));

const cold = createLocationsModule().service;
await timed('cities of a state before its country (cold)', () => cold.cities(CALIFORNIA));
