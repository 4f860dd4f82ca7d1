import { useSearchParams } from 'react-router';

/**
 * The account a report is about (issue 6 point 6): the `id` URL parameter when a manager picked one
 * of its subtree, otherwise the signed-in user (the server's default for a missing `id`).
 * Every report page passes `subjectId` as the `id` of its calls and renders <SubjectPicker />
 * among its filters.
 */
export function useReportSubject(): { subjectId: string | undefined } {
  const [params] = useSearchParams();
  const id = params.get('id');
  return { subjectId: id && id.trim() !== '' ? id : undefined };
}

/**
 * Search-as-you-type picker of an account in the manager's subtree (managers only; renders nothing
 * for masters and players). Being built in issue 6: until then it renders nothing.
 */
export function SubjectPicker() {
  return null;
}
