import { RegistrationSuccessful } from './ParticipantPage';

/** /participants/confirmed: where a successful registration ends. */
export default function ConfirmedPage() {
  return <RegistrationSuccessful />;
}
