import { menuScreen } from './screen-row.js';

/** The Activity screen (docs/screens.md, Activity). */
export const ACTIVITY_SCREENS = [
  menuScreen({
    key: 'activity',
    path: 'admin/activity',
    label: 'Activity',
    section: 'Administration',
    order: 30,
    audience: 'everyone', // everyone sees their own; a manager its subtree's; admins everything
    api: ['activity'],
    subjects: 'everyone', // about the caller, whatever its role
  }),
] as const;
