import { Anchor } from '@mantine/core';
import { mayOpenMemberPage, memberPagePath } from '@playrep/contracts';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';

/**
 * A player's username in a report: a link to its member page (docs/domain.md, "Insight") for the
 * roles that may open it, the plain username otherwise.
 */
export function MemberLink({ username }: { username: string }) {
  const { session } = useSession();
  if (!session || !mayOpenMemberPage(session.role)) return <>{username}</>;
  return (
    // The cell's own font (a statement that shrinks to print keeps its rows as they were).
    <Anchor component={Link} to={memberPagePath(session.role, username)} inherit>
      {username}
    </Anchor>
  );
}
