import { MessagesSquare } from 'lucide-react';
import { PlaceholderPage } from '../../ui';

export default function InterviewPage() {
  return (
    <PlaceholderPage
      title="Interview"
      icon={MessagesSquare}
      summary="The interview page — candidate analysis, action items and transcript — arrives with the Interviews area."
    />
  );
}
