import type { Role } from '@playrep/contracts';
import type { MessageId } from '../../../lib/i18n/messages';

/** A role's name on the pages, by its code (the code itself in English). */
export const ROLE_NAMES: Readonly<Record<Role, MessageId>> = {
  superadmin: 'identity.role.superadmin',
  admin: 'identity.role.admin',
  superareamanager: 'identity.role.superareamanager',
  areamanager: 'identity.role.areamanager',
  master: 'identity.role.master',
  player: 'identity.role.player',
};
