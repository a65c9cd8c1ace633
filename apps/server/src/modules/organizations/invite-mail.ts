import type { MailMessage } from '../../platform/mail.js';

/** The invited point of contact's e-mail: where to sign in and with which address. */
export function invitationMail(
  to: string,
  organizationName: string,
  publicUrl: string,
): MailMessage {
  const link = `${publicUrl}/signin?email=${encodeURIComponent(to)}`;
  return {
    to,
    subject: `You are invited to manage ${organizationName} on Parley`,
    text:
      `${organizationName} now has a Parley account on the free plan, and you are its point of ` +
      `contact. Sign in at ${link} with this address: we will e-mail you a six-digit code.`,
  };
}

/** 'nora.founder@newco.example' → 'Nora': a first name until the person sets their own. */
export function firstNameFromEmail(email: string): string {
  const word = email.split('@')[0]?.split(/[._+-]/)[0] ?? '';
  return word ? word.charAt(0).toUpperCase() + word.slice(1) : email;
}
