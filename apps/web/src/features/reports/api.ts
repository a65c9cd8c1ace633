import { useMutation, useQuery } from '@tanstack/react-query';
import {
  REPORT_MESSAGES as M,
  reportFileName,
  reportRoutes as r,
  type ReportKind,
} from '@parley/contracts';
import { api, download, failureMessage } from '../../lib/api';
import { toast } from '../../lib/toast';

export const reportKeys = {
  candidatePreview: (meetingId: string) => ['reports', meetingId, 'candidate-preview'] as const,
};

const routes = { hr: r.hr, sales: r.sales, candidate: r.candidate } as const;

/** Hands a downloaded file to the browser under its name (spec: named after the meeting). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; give the browser a moment before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Generates a report on the server and saves it; 'Failed to download PDF' with the reason
 * (the server's message or the HTTP status's) when it fails.
 */
export function useReportDownload(meeting: { id: string; meetingName: string }) {
  return useMutation({
    mutationFn: async (kind: ReportKind) => {
      const file = await download(routes[kind], {
        params: { meetingId: meeting.id },
        toast: false,
      });
      saveFile(file.blob, file.fileName ?? reportFileName(meeting.meetingName, kind));
    },
    onError: (error) =>
      toast({
        title: M.downloadFailed,
        description: failureMessage(error, 'The report could not be generated.'),
        variant: 'error',
      }),
  });
}

/** What the candidate's report holds and whom it goes to (asked when the dialog opens). */
export function useCandidatePreview(meetingId: string, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.candidatePreview(meetingId),
    queryFn: ({ signal }) =>
      api(r.candidatePreview, { params: { meetingId }, signal, toast: false }),
    enabled,
    retry: false,
    staleTime: 0,
  });
}

export function useSendCandidateReport(meetingId: string) {
  return useMutation({
    mutationFn: () => api(r.sendCandidate, { params: { meetingId } }),
    onSuccess: (result) => toast({ title: result.message, variant: 'success' }),
  });
}
