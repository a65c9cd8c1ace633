import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { meetingKeys } from '../api';

/** After a dialog adds a meeting: the lists refresh, a toast names it and its page opens. */
export function useOpenNewMeeting(toastTitle: string) {
  const navigate = useNavigate();
  const client = useQueryClient();
  return (meeting: { id: string; meetingName: string }) => {
    void client.invalidateQueries({ queryKey: meetingKeys.lists() });
    toast({ title: toastTitle, description: meeting.meetingName, variant: 'success' });
    void navigate(`/library/${meeting.id}`);
  };
}
