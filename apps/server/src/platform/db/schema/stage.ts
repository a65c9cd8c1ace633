import { pgEnum } from 'drizzle-orm/pg-core';
import { MEETING_STAGES } from '@parley/contracts';

export const meetingStageEnum = pgEnum('meeting_stage', MEETING_STAGES);
