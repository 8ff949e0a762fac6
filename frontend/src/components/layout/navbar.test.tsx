import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeUser, renderWithProviders } from '@/testing/test-utils';
import type { User } from '@/lib/api/types';

import { Navbar } from './navbar';

const renderNavbar = (user: User | null | undefined, onSignOut = vi.fn()) => {
  const view = renderWithProviders(<Navbar user={user} onSignOut={onSignOut} />, { route: '/home' });
  return { ...view, onSignOut };
};

const location = () => screen.getByTestId('location').textContent;
const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const openAccountMenu = async () => {
  await userEvent.click(screen.getByRole('button', { name: /account menu/i }));
  return screen.getByRole('menu', { name: 'Account' });
};

describe('Navbar', () => {
  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  describe('search', () => {
    it('submits trimmed text to /browse with type=all', async () => {
      renderNavbar(null);
      const input = screen.getByRole('searchbox', { name: 'Search films' });

      await userEvent.type(input, '  neon  tide & co  {Enter}');

      expect(location()).toBe(`/browse?q=${encodeURIComponent('neon  tide & co')}&type=all`);
    });

    it('ignores blank input', async () => {
      renderNavbar(null);
      const input = screen.getByRole('searchbox', { name: 'Search films' });

      await userEvent.type(input, '    {Enter}');
      await userEvent.click(screen.getByRole('button', { name: 'Search' }));

      expect(location()).toBe('/home');
    });
  });

  it('turns glassy after scrolling more than 20 px', () => {
    renderNavbar(null);
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-glass', 'false');
    expect(header.className).not.toContain('backdrop-blur');

    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 20, configurable: true });
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-glass', 'false');

    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 21, configurable: true });
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-glass', 'true');
    expect(header.className).toContain('backdrop-blur');

    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
      fireEvent.scroll(window);
    });
    expect(header).toHaveAttribute('data-glass', 'false');
  });

  describe('links', () => {
    const linkNames = () =>
      within(mainNav())
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);

    it('shows the public links and Sign In when signed out', async () => {
      renderNavbar(null);

      expect(linkNames()).toEqual([
        ['Kinora', '/'],
        ['Browse', '/browse'],
        ['Creators', '/discover-creators'],
        ['Critics', '/discover-critics'],
        ['Awards', '/awards'],
      ]);
      expect(screen.queryByRole('button', { name: /account menu/i })).not.toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
      expect(location()).toBe('/auth');
    });

    it('adds My List for a signed-in user', () => {
      renderNavbar(makeUser());

      expect(linkNames()).toContainEqual(['My List', '/profile']);
      expect(within(mainNav()).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    });

    it('adds Admin for an admin', () => {
      renderNavbar(makeUser({ isAdmin: true }));

      expect(linkNames()).toContainEqual(['My List', '/profile']);
      expect(linkNames()).toContainEqual(['Admin', '/admin']);
    });

    it('shows the notifications slot to signed-in users only', () => {
      const bell = <button type="button">Bell</button>;
      const { unmount } = renderWithProviders(
        <Navbar user={makeUser()} onSignOut={vi.fn()} notifications={bell} />,
      );
      expect(screen.getByRole('button', { name: 'Bell' })).toBeInTheDocument();
      unmount();
      renderWithProviders(<Navbar user={null} onSignOut={vi.fn()} notifications={bell} />);
      expect(screen.queryByRole('button', { name: 'Bell' })).not.toBeInTheDocument();
    });

    it('shows neither Sign In nor the account menu while the user is loading', () => {
      renderNavbar(undefined);

      expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /account menu/i })).not.toBeInTheDocument();
    });
  });

  describe('mobile menu', () => {
    it('adds Home and My Profile and closes on Escape', async () => {
      renderNavbar(makeUser());
      const toggle = screen.getByRole('button', { name: 'Open menu' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');

      await userEvent.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const mobile = screen.getByRole('list', { name: 'Mobile' });
      expect(
        within(mobile)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['Home', 'Browse', 'Creators', 'Critics', 'Awards', 'My List', 'My Profile']);
      expect(within(mobile).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
      expect(within(mobile).getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');

      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('list', { name: 'Mobile' })).not.toBeInTheDocument();
    });

    it('closes after following a link', async () => {
      renderNavbar(null);
      await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
      await userEvent.click(
        within(screen.getByRole('list', { name: 'Mobile' })).getByRole('link', { name: 'Awards' }),
      );

      expect(location()).toBe('/awards');
      expect(screen.queryByRole('list', { name: 'Mobile' })).not.toBeInTheDocument();
    });
  });

  describe('account menu', () => {
    it('shows the full name and Free Member with Upgrade to Premium', async () => {
      renderNavbar(makeUser({ subscriptionType: 'free' }));
      const trigger = screen.getByRole('button', { name: /account menu/i });
      expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
      expect(trigger).toHaveAttribute('aria-expanded', 'false');

      const menu = await openAccountMenu();

      expect(trigger).toHaveAttribute('aria-expanded', 'true');
      expect(within(menu).getByText('Ada Lovelace')).toBeInTheDocument();
      expect(within(menu).getByText('Free Member')).toBeInTheDocument();
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Profile', 'Watch History', 'Settings', 'Upgrade to Premium', 'Sign Out']);
      expect(within(menu).getByRole('menuitem', { name: 'Watch History' })).toHaveAttribute(
        'href',
        '/history',
      );
      expect(within(menu).getByRole('menuitem', { name: 'Upgrade to Premium' })).toHaveAttribute(
        'href',
        '/profile',
      );
      expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/profile');
    });

    it('shows Premium Member and hides Upgrade to Premium for premium members', async () => {
      renderNavbar(makeUser({ subscriptionType: 'premium' }));
      const menu = await openAccountMenu();

      expect(within(menu).getByText('Premium Member')).toBeInTheDocument();
      expect(within(menu).queryByText('Free Member')).not.toBeInTheDocument();
      expect(within(menu).queryByRole('menuitem', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
    });

    it('adds Creator Dashboard for creators', async () => {
      renderNavbar(makeUser({ roles: ['creator'] }));
      const menu = await openAccountMenu();

      expect(within(menu).getByRole('menuitem', { name: 'Creator Dashboard' })).toHaveAttribute(
        'href',
        '/creator-dashboard',
      );
    });

    it('adds Admin Dashboard for admins', async () => {
      renderNavbar(makeUser({ isAdmin: true, subscriptionType: 'premium' }));
      const menu = await openAccountMenu();

      expect(within(menu).getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveAttribute(
        'href',
        '/admin',
      );
    });

    it.each([
      [{ firstName: 'Ada', lastName: null }, 'Ada', 'A'],
      [{ firstName: null, lastName: null }, 'ada@example.com', 'A'],
      [{ firstName: '', lastName: '', email: '' }, 'User', 'U'],
      [{ firstName: 'grace', lastName: 'hopper' }, 'grace hopper', 'GH'],
    ])('falls back for the name %o → %s', async (overrides, name, initials) => {
      renderNavbar(makeUser(overrides));
      const menu = await openAccountMenu();

      expect(within(menu).getByTestId('user-menu-name')).toHaveTextContent(name);
      expect(screen.getAllByTestId('avatar-initials')[0]).toHaveTextContent(initials);
    });

    it('shows the profile picture when there is one', async () => {
      renderNavbar(makeUser({ profileImageUrl: '/media/avatars/ada.png' }));
      const trigger = screen.getByRole('button', { name: /account menu/i });

      expect(trigger.querySelector('img')).toHaveAttribute('src', '/media/avatars/ada.png');
      expect(within(trigger).queryByTestId('avatar-initials')).not.toBeInTheDocument();
    });

    it('closes on Escape and returns focus to the trigger', async () => {
      renderNavbar(makeUser());
      const menu = await openAccountMenu();
      expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus();

      await userEvent.keyboard('{ArrowDown}');
      expect(within(menu).getByRole('menuitem', { name: 'Watch History' })).toHaveFocus();

      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: /account menu/i })).toHaveFocus();
    });

    it('opens from the keyboard and moves with Home, End and type-ahead; Tab closes it and goes on', async () => {
      renderNavbar(makeUser());
      const trigger = screen.getByRole('button', { name: /account menu/i });
      const item = (name: string) => screen.getByRole('menuitem', { name });

      act(() => trigger.focus());
      await userEvent.keyboard('{ArrowDown}');
      expect(screen.getByRole('menu', { name: 'Account' })).toBeInTheDocument();
      expect(item('Profile')).toHaveFocus();
      await userEvent.keyboard('{End}');
      expect(item('Sign Out')).toHaveFocus();
      await userEvent.keyboard('{ArrowDown}');
      expect(item('Profile')).toHaveFocus();
      await userEvent.keyboard('{Home}w');
      await waitFor(() => expect(item('Watch History')).toHaveFocus());

      await userEvent.tab();
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus());

      await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
      expect(trigger).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      expect(item('Profile')).toHaveFocus();
      await userEvent.tab({ shift: true });
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      await waitFor(() => expect(trigger).toHaveFocus());
    });

    it('closes on a click outside', async () => {
      renderNavbar(makeUser());
      await openAccountMenu();

      await userEvent.click(document.body);
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    });

    it('calls onSignOut from Sign Out', async () => {
      const { onSignOut } = renderNavbar(makeUser());
      const menu = await openAccountMenu();

      await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));
      expect(onSignOut).toHaveBeenCalledOnce();
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    });
  });
});
