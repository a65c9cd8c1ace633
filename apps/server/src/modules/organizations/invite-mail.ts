import type { MailMessage } from '../../platform/mail.js';

/**
 * The invitation e-mail: where to sign in and with which address. A point of contact is told
 * the organisation is new; a member added in User Management that they have been added.
 */
export function invitationMail(
  to: string,
  organizationName: string,
  publicUrl: string,
  as: 'pointOfContact' | 'member' = 'pointOfContact',
): MailMessage {
  const link = `${publicUrl}/signin?email=${encodeURIComponent(to)}`;
  const signIn = `Sign in at ${link} with this address: we will e-mail you a six-digit code.`;
  if (as === 'member') {
    return {
      to,
      subject: `You are invited to join ${organizationName} on Parley`,
      text: `You have been added to ${organizationName} on Parley. ${signIn}`,
    };
  }
  return {
    to,
    subject: `You are invited to manage ${organizationName} on Parley`,
    text:
      `${organizationName} now has a Parley account on the free plan, and you are its point of ` +
      `contact. ${signIn}`,
  };
}

/** 'nora.founder@newco.example' → 'Nora': a first name until the person sets their own. */
export function firstNameFromEmail(email: string): string {
  const word = email.split('@')[0]?.split(/[._+-]/)[0] ?? '';
  return word ? word.charAt(0).toUpperCase() + word.slice(1) : email;
}
