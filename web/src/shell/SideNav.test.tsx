import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessMap, mockFetch, permissionsFixture, renderRoutes } from '../../test/helpers';
import { SideNav } from './SideNav';

function renderNav(permissions = permissionsFixture(), entry = '/dashboard', onNavigate = vi.fn()) {
  mockFetch({});
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <SideNav permissions={permissions} collapsed={false} onExpand={() => {}} onNavigate={onNavigate} />
        ),
      },
    ],
    entry,
  );
}

describe('SideNav', () => {
  it('hides Risk Management when access.risk is no', () => {
    renderNav(permissionsFixture({ access: accessMap({ risk: 'no' }) }));
    expect(screen.queryByRole('link', { name: 'Risk Management' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hazardous Substances' })).toBeInTheDocument();
  });

  it('shows Risk Management when access.risk is yes', () => {
    renderNav();
    expect(screen.getByRole('link', { name: 'Risk Management' })).toHaveAttribute('href', '/risk/register');
  });

  it('highlights the active item and expands the group that holds it', () => {
    renderNav(permissionsFixture(), '/audit-inspection/my-audit');
    expect(screen.getByRole('button', { name: 'Audit Inspection' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'My Audit' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveClass('active');
  });

  it('expands and collapses groups', async () => {
    renderNav();
    const group = screen.getByRole('button', { name: 'Assets' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Asset Register' })).toBeInTheDocument();
    await userEvent.click(group);
    expect(screen.queryByRole('link', { name: 'Asset Register' })).not.toBeInTheDocument();
  });

  it('opens the Help Centre in a new tab', () => {
    renderNav();
    const help = screen.getByRole('link', { name: /Help Centre/ });
    expect(help).toHaveAttribute('target', '_blank');
    expect(help).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('clears saved list state when a menu item is followed', async () => {
    sessionStorage.setItem('listState:risk.register', '{"page":3}');
    localStorage.setItem('listState:documents', '{"sort":"name"}');
    localStorage.setItem('authToken', 'keep-me');
    const onNavigate = vi.fn();
    renderNav(permissionsFixture(), '/dashboard', onNavigate);
    await userEvent.click(screen.getByRole('link', { name: 'Risk Management' }));
    expect(sessionStorage.getItem('listState:risk.register')).toBeNull();
    expect(localStorage.getItem('listState:documents')).toBeNull();
    expect(localStorage.getItem('authToken')).toBe('keep-me');
    expect(onNavigate).toHaveBeenCalled();
  });

  it('hides the employee-only TimeSheet from a user without an employee id', () => {
    renderNav(permissionsFixture({ userType: 'company', employeeId: null }));
    expect(screen.queryByRole('link', { name: 'TimeSheet' })).not.toBeInTheDocument();
  });
});
