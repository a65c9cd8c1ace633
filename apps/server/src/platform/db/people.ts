import { users } from './schema.js';

/** A person as lists name them (a point of contact, a share, a top user): id, name and e-mail. */
export const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};
