import { type Role, type Screen, subjectRolesOf } from '@playrep/contracts';
import { createContext, useContext } from 'react';

/**
 * The screen (row of the permission table) whose page is showing, provided once by the router's
 * ScreenRoute, so that shared report components such as the subject picker know which report
 * they serve without every page passing it down.
 */
export const ReportScreenContext = createContext<Screen | null>(null);

/** The roles the current report may be about; undefined outside a report page (every role). */
export function useSubjectRoles(): readonly Role[] | undefined {
  const screen = useContext(ReportScreenContext);
  return screen ? subjectRolesOf(screen) : undefined;
}
