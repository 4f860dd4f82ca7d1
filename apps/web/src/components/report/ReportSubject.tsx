import { CloseButton, Combobox, Group, InputBase, Loader, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MANAGER_ROLES, memberPagePath, type Role } from '@playrep/contracts';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { label, message } from '../../lib/i18n/messages';
import { useSession } from '../../lib/session';
import { type AccountMatch, useAccountSearch } from './account-search';
import { useSubjectRoles } from './report-screen';

/** URL parameter of the subject account's `_id` (the `id` of every report call). */
export const SUBJECT_ID_PARAM = 'id';
/**
 * URL parameter with the subject's username, written beside `id` so that a shared link can show
 * whom the report is for without another call (the search cannot look an account up by `_id`).
 * It is only a label: the server reads `id`, and the picker confirms the pair with a search.
 */
export const SUBJECT_NAME_PARAM = 'subject';

/** Wait after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 250;

const MYSELF_OPTION = '__myself__';
/** An option that opens a member's page rather than choosing a subject: the prefix, then the username. */
const MEMBER_PAGE_OPTION = '__member__:';

/**
 * The account a report is about: the `id` URL parameter when a manager picked one
 * of its subtree, otherwise the signed-in user (the server's default for a missing `id`).
 * Every report page passes `subjectId` as the `id` of its calls and renders <SubjectPicker />
 * among its filters.
 */
export function useReportSubject(): { subjectId: string | undefined } {
  const [params] = useSearchParams();
  const id = params.get(SUBJECT_ID_PARAM);
  return { subjectId: id && id.trim() !== '' ? id : undefined };
}

export function isManagerRole(role: Role | undefined): boolean {
  return role !== undefined && (MANAGER_ROLES as readonly string[]).includes(role);
}

/**
 * Search-as-you-type picker of an account in the manager's subtree (managers only; renders nothing
 * for masters and players), offering only the roles the current report takes as subject (the
 * permission table's `subjects`, through ReportScreenContext). Choosing an account writes `id` (and `subject`, its username) into
 * the URL as a new history entry, so the page re-queries for it and Back returns to the previous
 * subject; the clear control (or the 'Myself' option) removes them again.
 */
export function SubjectPicker() {
  const { session } = useSession();
  if (!session || !isManagerRole(session.role)) return null;
  return <ManagerSubjectPicker self={session.user} role={session.role} />;
}

function ManagerSubjectPicker({ self, role }: { self: { _id: string; username: string }; role: Role }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { subjectId } = useReportSubject();
  const subjectName = params.get(SUBJECT_NAME_PARAM)?.trim() || undefined;
  const shownName = subjectId ? (subjectName ?? message('subject.selected')) : '';

  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState(shownName);
  /** True once the user typed since the last choice: only then is the text a search. */
  const [dirty, setDirty] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  // Back/Forward or another page changed the subject: show it.
  useEffect(() => {
    setSearch(shownName);
    setDirty(false);
  }, [shownName]);

  const q = dirty ? debounced : '';
  // Only the accounts this report can be about (e.g. no members on the money and network reports).
  const roles = useSubjectRoles();
  // A report that is not about players finds them too, once something is typed: each opens its member page.
  const offerMembers = roles !== undefined && !roles.includes('player') && q !== '';
  const results = useAccountSearch(q, { enabled: combobox.dropdownOpened, roles, members: offerMembers });
  // While the next search is on its way, the last list is narrowed to what is typed (the server
  // matches the same way), so the options never contradict the text.
  const typedText = search.trim().toLowerCase();
  const matches = (results.data?.data ?? []).filter(
    (a) => !dirty || a.username.toLowerCase().includes(typedText) || a.fullname.toLowerCase().includes(typedText),
  );
  const memberMatches = (results.data?.members ?? []).filter(
    (a) => !dirty || a.username.toLowerCase().includes(typedText) || a.fullname.toLowerCase().includes(typedText),
  );
  const waiting = (dirty && search.trim() !== debounced) || results.isFetching;

  // Confirms a shared link's name against its id and gives the name and role to show under the field.
  const confirm = useAccountSearch(subjectName ?? '', { enabled: subjectId !== undefined && subjectName !== undefined });
  const confirmed = confirm.data?.data.find((a) => a._id === subjectId);

  const writeSubject = (account: AccountMatch | null) => {
    const next = new URLSearchParams(params);
    if (account && account._id !== self._id) {
      next.set(SUBJECT_ID_PARAM, account._id);
      next.set(SUBJECT_NAME_PARAM, account.username);
    } else {
      next.delete(SUBJECT_ID_PARAM);
      next.delete(SUBJECT_NAME_PARAM);
    }
    setSearch(account && account._id !== self._id ? account.username : '');
    setDirty(false);
    combobox.closeDropdown();
    if (next.toString() !== params.toString()) setParams(next); // a new history entry: Back restores
  };

  const choose = (value: string) => {
    if (value === MYSELF_OPTION) return writeSubject(null);
    if (value.startsWith(MEMBER_PAGE_OPTION)) {
      combobox.closeDropdown();
      void navigate(memberPagePath(role, value.slice(MEMBER_PAGE_OPTION.length)));
      return;
    }
    const account = matches.find((a) => a._id === value);
    if (account) writeSubject(account);
  };

  const revert = () => {
    setSearch(shownName);
    setDirty(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') revert();
    if (event.key !== 'Enter') return;
    // The picker sits inside report filter forms: Enter here chooses, it never submits the form.
    event.preventDefault();
    if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() === -1) {
      const exact = matches.find((a) => a.username.toLowerCase() === search.trim().toLowerCase());
      if (exact) writeSubject(exact);
    }
  };

  const description = subjectId
    ? confirmed
      ? `${confirmed.fullname} (${confirmed.role})`
      : undefined
    : `${message('subject.myself')} (${self.username})`;

  const offerMyself = subjectId !== undefined && (!dirty || search.trim() === '');

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal>
      <Combobox.Target withExpandedAttribute>
        <InputBase
          label={message('subject.reportFor')}
          description={description}
          placeholder={message('subject.typeToSearch', { myself: message('subject.myself') })}
          value={search}
          w={260}
          // Mantine's dimmed description (gray 6) falls below AA contrast on white.
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setDirty(true);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            revert();
          }}
          onKeyDown={onKeyDown}
          rightSection={
            subjectId ? (
              <CloseButton
                size="sm"
                aria-label={message('subject.clear', { myself: message('subject.myself') })}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => writeSubject(null)}
              />
            ) : waiting && combobox.dropdownOpened ? (
              <Loader size="xs" aria-hidden />
            ) : (
              <Combobox.Chevron />
            )
          }
          rightSectionPointerEvents={subjectId ? 'all' : 'none'}
        />
      </Combobox.Target>

      <Combobox.Dropdown>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }} aria-label={label('Accounts')}>
          {offerMyself && (
            <Combobox.Option value={MYSELF_OPTION}>
              <Text size="sm" fw={600}>
                {message('subject.myself')} ({self.username})
              </Text>
            </Combobox.Option>
          )}
          {matches.map((account) => (
            <Combobox.Option value={account._id} key={account._id} active={account._id === subjectId}>
              <AccountOptionLabel account={account} note={account.role} />
            </Combobox.Option>
          ))}
          {memberMatches.length > 0 && (
            <Combobox.Group label={message('subject.memberPages')}>
              {memberMatches.map((account) => (
                <Combobox.Option value={`${MEMBER_PAGE_OPTION}${account.username}`} key={`member-${account._id}`}>
                  <AccountOptionLabel account={account} note="member page" />
                </Combobox.Option>
              ))}
            </Combobox.Group>
          )}
          {matches.length === 0 && memberMatches.length === 0 && (
            <Combobox.Empty>
              {waiting || results.isPending ? message('subject.searching') : message('subject.noMatches')}
            </Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** An option of the picker: the account's username and full name, and on the right what choosing it opens. */
function AccountOptionLabel({ account, note }: { account: { username: string; fullname: string }; note: string }) {
  return (
    <Group gap={6} wrap="nowrap" justify="space-between">
      <div>
        <Text size="sm" fw={600}>
          {account.username}
        </Text>
        <Text size="xs" c="gray.7">
          {account.fullname}
        </Text>
      </div>
      <Text size="xs" c="gray.7">
        {note}
      </Text>
    </Group>
  );
}
