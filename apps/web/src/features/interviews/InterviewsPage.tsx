import { MessagesSquare } from 'lucide-react';
import { PlaceholderPage } from '../../ui';

export default function InterviewsPage() {
  return (
    <PlaceholderPage
      title="Mock Interviews"
      icon={MessagesSquare}
      summary="Mock-interview practice arrives with the Interviews area."
      description="Practise interviews and review how they went."
    />
  );
}
