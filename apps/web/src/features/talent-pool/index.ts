// The talent-pool feature's face: its pages, loaded when first shown (the seeker's /profile and
// /interviews pick them by role, and so does /home).
import { lazy } from 'react';

export const TalentProfilePage = lazy(() => import('./TalentProfilePage'));
export const MockInterviewsPage = lazy(() => import('./MockInterviewsPage'));
export const PracticeHomePage = lazy(() => import('./PracticeHome'));
