export {
  HR_FEATURE,
  interviewKeys,
  setInterview,
  useHiring,
  useJobs,
  useMeetingInterview,
} from './api';
export {
  InterviewFields,
  bodyOf,
  draftIsSet,
  draftProblem,
  emptyInterviewDraft,
  type InterviewDraft,
} from './InterviewFields';
export { InterviewDetailsCard } from './InterviewDetailsCard';
export { InterviewStatusBadge } from './StatusBadge';
export { TextArea } from './TextArea';
