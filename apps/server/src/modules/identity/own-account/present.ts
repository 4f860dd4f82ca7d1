import type { MyAccountResponse, TwoStepSetupResponse } from '@playrep/contracts';
import { renderSVG } from 'uqr';
import { activityRow } from '../../activity/present.js';
import type { ActivityEntry } from '../../activity/queries.js';
import { totpUri } from '../gate/totp.js';
import type { AccountPageRow, signInsOf } from './queries.js';

/** The account page (docs/domain.md, "Access", Account page). */
export function accountPage(
  row: AccountPageRow,
  signIns: Awaited<ReturnType<typeof signInsOf>>,
  recent: readonly ActivityEntry[],
): MyAccountResponse {
  const { last } = signIns;
  return {
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    parent: row.parent,
    hasPassword: row.has_password,
    lastSignIn: last ? { at: last.at.toISOString(), address: last.address, device: last.device } : null,
    failedSince: signIns.wrongPasswords,
    wrongCodesSince: signIns.wrongCodes,
    recentActivity: recent.map(activityRow),
  };
}

/** A set-up begun: the key as text, and as the otpauth:// URI and QR code an authenticator app reads. */
export function twoStepSetup(secret: string, username: string): TwoStepSetupResponse {
  const uri = totpUri(secret, username);
  return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) };
}
