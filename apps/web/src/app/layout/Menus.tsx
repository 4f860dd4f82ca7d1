import { Button, Group, Menu, NavLink } from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { MenuSection } from '../../config/navigation';
// The menus' words come from the permission table: shown in the chosen language.
import { label, message } from '../../lib/i18n/messages';

function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

const holds = (section: MenuSection, pathname: string) => section.items.some((item) => item.path === pathname);

interface MenusProps {
  sections: MenuSection[];
  pathname: string;
}

/** Wide screens: one dropdown per menu group in the header (arrow keys move, Escape closes). */
export function DesktopMenu({ sections, pathname, visibleFrom }: MenusProps & { visibleFrom: 'sm' | 'md' | 'lg' }) {
  return (
    <Group component="nav" aria-label={message('shell.mainNavigation')} gap={4} visibleFrom={visibleFrom} wrap="nowrap">
      {sections.map((section) => (
        <Menu key={section.title} trigger="click-hover" openDelay={60} closeDelay={200} position="bottom-start" shadow="md">
          <Menu.Target>
            <Button variant={holds(section, pathname) ? 'light' : 'subtle'} rightSection={<Chevron />} size="sm">
              {label(section.title)}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {section.items.map((item) => (
              <Menu.Item
                key={item.path}
                component={Link}
                to={item.path}
                aria-current={item.path === pathname ? 'page' : undefined}
                fw={item.path === pathname ? 700 : undefined}
              >
                {label(item.label)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ))}
    </Group>
  );
}

/** Narrow screens: the same groups as expandable sections in the burger's side panel (a nav landmark). */
export function MobileMenu({ sections, pathname }: MenusProps) {
  return (
    <div>
      {sections.map((section) => (
        <MobileGroup key={section.title} section={section} pathname={pathname} />
      ))}
    </div>
  );
}

/** A group heading is a real button (focusable, announces expanded/collapsed) over its links. */
function MobileGroup({ section, pathname }: { section: MenuSection; pathname: string }) {
  const [opened, setOpened] = useState(() => holds(section, pathname));
  const listId = useId();
  return (
    <NavLink
      component="button"
      type="button"
      label={label(section.title)}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      aria-controls={listId}
      childrenOffset="md"
    >
      <div id={listId}>
        {section.items.map((item) => (
          <NavLink
            key={item.path}
            component={Link}
            to={item.path}
            label={label(item.label)}
            active={item.path === pathname}
            aria-current={item.path === pathname ? 'page' : undefined}
          />
        ))}
      </div>
    </NavLink>
  );
}
