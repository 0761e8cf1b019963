import { messages, type TPermissions } from '@compass/shared';
import {
  ArrowLeftRight,
  Award,
  ChevronDown,
  Clock,
  KeyRound,
  LogOut,
  Menu,
  QrCode,
  UserRound,
} from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link } from 'react-router';
import { hasAssociatedAccounts, isEmployee } from '../api/auth';
import { Avatar } from '../components/Avatar';
import { Dialog } from '../components/Dialog';
import { AccountSwitcher } from './AccountSwitcher';
import { useCurrentPageTitle } from './pageTitle';

/** Profile goes to the employee edit page for employees and the company edit page for suppliers. */
export function profilePath(permissions: TPermissions): string | null {
  if (permissions.employeeId) return `/human-resource/employee/edit/${permissions.employeeId}`;
  if (permissions.supplierId) return `/external-parties/company/edit/${permissions.supplierId}`;
  return null;
}

export function competencyPath(permissions: TPermissions): string | null {
  return permissions.employeeId ? `/human-resource/employee/competency/${permissions.employeeId}` : null;
}

interface HeaderProps {
  permissions: TPermissions;
  navCollapsed: boolean;
  onToggleNav: () => void;
}

export function Header({ permissions, navCollapsed, onToggleNav }: HeaderProps) {
  const title = useCurrentPageTitle();
  const [switchOpen, setSwitchOpen] = useState(false);
  const [switchStep, setSwitchStep] = useState<'list' | 'password'>('list');
  const canSwitch = hasAssociatedAccounts(permissions);

  return (
    <header className="app-header">
      <button
        type="button"
        className="btn btn-ghost btn-icon"
        onClick={onToggleNav}
        aria-label={navCollapsed ? 'Expand navigation' : 'Collapse navigation'}
        aria-expanded={!navCollapsed}
        aria-controls="app-sidenav"
      >
        <Menu size={20} aria-hidden="true" />
      </button>
      <div className="app-header-heading">
        {/* The organisation's own title (Preferences, or its organisation file), its name without one. */}
        {permissions.HeaderTitle && <p className="app-header-organisation">{permissions.HeaderTitle}</p>}
        <h1 className="app-header-title">{title}</h1>
      </div>
      <div className="app-header-actions">
        <button
          type="button"
          className="header-button"
          disabled={!canSwitch}
          aria-haspopup="dialog"
          onClick={() => {
            setSwitchStep('list');
            setSwitchOpen(true);
          }}
          title={canSwitch ? 'Switch account' : 'No other accounts are linked to this sign-in'}
        >
          <ArrowLeftRight size={18} aria-hidden="true" />
          <span className="hide-sm">Switch account</span>
          <ChevronDown size={16} aria-hidden="true" />
        </button>
        <ProfileMenu permissions={permissions} />
      </div>
      {switchOpen && (
        <Dialog
          title={switchStep === 'password' ? 'Enter your password' : 'Switch account'}
          description={
            switchStep === 'password'
              ? 'From an external-party account, switching needs the password of the account you chose.'
              : 'Choose the account you want to work in.'
          }
          onClose={() => setSwitchOpen(false)}
        >
          <AccountSwitcher
            permissions={permissions}
            onStepChange={setSwitchStep}
            onSwitched={() => setSwitchOpen(false)}
          />
        </Dialog>
      )}
    </header>
  );
}

function ProfileMenu({ permissions }: { permissions: TPermissions }) {
  const [open, setOpen] = useState(false);
  const anchorRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const employee = isEmployee(permissions);
  const profile = profilePath(permissions);
  const competency = competencyPath(permissions);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!anchorRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    const first = anchorRef.current?.querySelector<HTMLElement>('[role="menuitem"]');
    first?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  function onMenuKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]'));
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
    items[(next + items.length) % items.length]?.focus();
  }

  const close = () => setOpen(false);

  return (
    <div className="menu-anchor" ref={anchorRef}>
      <button
        ref={buttonRef}
        type="button"
        className="header-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Profile menu for ${permissions.name}`}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar name={permissions.name} src={permissions.profileImage} />
        <span className="profile-text">
          <span className="profile-name">{permissions.name}</span>
          <span className="profile-company">{permissions.companyName}</span>
        </span>
        <ChevronDown size={16} aria-hidden="true" />
      </button>
      {open && (
        <div className="menu-popover" role="menu" id={menuId} aria-label="Profile" onKeyDown={onMenuKeyDown}>
          <div className="menu-profile-summary" role="presentation">
            <Avatar name={permissions.name} src={permissions.profileImage} />
            <div className="profile-text">
              <span className="profile-name">{permissions.name}</span>
              <span className="profile-company">{permissions.username}</span>
            </div>
          </div>
          <div className="menu-separator" role="separator" />
          {profile && (
            <Link to={profile} className="menu-item" role="menuitem" onClick={close}>
              <UserRound size={16} aria-hidden="true" />
              Profile
            </Link>
          )}
          {employee && competency && (
            <Link to={competency} className="menu-item" role="menuitem" onClick={close}>
              <Award size={16} aria-hidden="true" />
              My Competency
            </Link>
          )}
          {employee && (
            <Link to="/my-clock-in-qr-code" className="menu-item" role="menuitem" onClick={close}>
              <QrCode size={16} aria-hidden="true" />
              {messages.qrCodes.myCodeTitle}
            </Link>
          )}
          {/* The menu's TimeSheet needs `vismate` (000 section 6); everyone's own timesheet is here. */}
          {employee && (
            <Link to="/timesheet" className="menu-item" role="menuitem" onClick={close}>
              <Clock size={16} aria-hidden="true" />
              My timesheet
            </Link>
          )}
          {permissions.isForceUpdatePassword !== 'yes' && (
            <Link to="/change-password" className="menu-item" role="menuitem" onClick={close}>
              <KeyRound size={16} aria-hidden="true" />
              Change Password
            </Link>
          )}
          <div className="menu-separator" role="separator" />
          <Link to="/logout" className="menu-item menu-item-danger" role="menuitem" onClick={close}>
            <LogOut size={16} aria-hidden="true" />
            Logout
          </Link>
        </div>
      )}
    </div>
  );
}
