import type { Db } from '../../../db/client.js';
import { conflict, notFound } from '../../../lib/http-error.js';
import { findSignInAccount } from '../../accounts/repository.js';
import { issueSignInLinks, linkUrl } from '../gate/links.js';

/**
 * `npm run accounts -- link --username NAME` (docs/access.md): a sign-in link issued by the command
 * line, for any account but an inactive or blocked one. The first superadmin of a new deployment
 * gets in this way, so no password is ever typed on a command line.
 */
export async function commandLineLink(
  db: Db,
  username: string,
  input: { now: Date; ttlHours: number; publicUrl: string },
): Promise<{ account: { username: string }; link: string; expiresAt: Date }> {
  const account = await findSignInAccount(db, username);
  if (!account) throw notFound(`No account named "${username.trim()}"`);
  if (!account.userStatus) throw conflict(`"${account.username}" is inactive: enable it first.`);
  if (account.blocked) throw conflict(`"${account.username}" is blocked: a manager must unblock it first.`);
  const [link] = await db.transaction((tx) =>
    issueSignInLinks(tx, [account.id], {
      purpose: 'invite',
      issuedBy: null,
      now: input.now,
      ttlMs: input.ttlHours * 3_600_000,
      by: { actor: 'cli' },
    }),
  );
  return { account, link: linkUrl(input.publicUrl, link!.token), expiresAt: link!.expiresAt };
}
