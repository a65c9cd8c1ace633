import { OTP_TTL_MINUTES } from '@parley/contracts';
import type { MailMessage } from '../../platform/mail.js';
import type { CodePurpose } from './repo.js';

export function codeMail(to: string, code: string, purpose: CodePurpose): MailMessage {
  const action = purpose === 'signup' ? 'finish creating your account' : 'sign in';
  const text =
    `Your Parley code is ${code}. Enter it to ${action}. ` +
    `It expires in ${OTP_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail.`;
  const html =
    `<p>Your Parley code is</p><p style="font-size:28px;font-weight:600;letter-spacing:6px">${code}</p>` +
    `<p>Enter it to ${action}. It expires in ${OTP_TTL_MINUTES} minutes.</p>` +
    `<p style="color:#666">If you did not ask for it, you can ignore this e-mail.</p>`;
  return {
    to,
    subject: purpose === 'signup' ? 'Your Parley sign-up code' : 'Your Parley sign-in code',
    text,
    html,
    code,
  };
}

/**
 * What an address without an account receives instead of a code: the request is answered and
 * mailed the same way for every address, so neither the answer nor its timing tells who has one.
 */
export function noAccountMail(to: string, signupUrl: string): MailMessage {
  const text =
    `Someone asked for a Parley sign-in code for this address. No account uses this e-mail. ` +
    `To create one, sign up at ${signupUrl}. If you did not ask for it, you can ignore this e-mail.`;
  return {
    to,
    subject: 'Your Parley sign-in code',
    text,
    html: `<p>${text.replace(signupUrl, `<a href="${signupUrl}">${signupUrl}</a>`)}</p>`,
  };
}
