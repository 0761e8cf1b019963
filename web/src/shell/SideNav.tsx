import { visibleMenu, type MenuItem, type TPermissions } from '@compass/shared';
import {
  Bell,
  Building2,
  ChartColumn,
  ChevronRight,
  Circle,
  ClipboardCheck,
  Clock,
  ExternalLink,
  FileText,
  FlaskConical,
  FolderOpen,
  House,
  IdCard,
  KeyRound,
  LifeBuoy,
  ListChecks,
  Megaphone,
  Package,
  CirclePlus,
  Scale,
  Settings,
  ShieldAlert,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useConfiguration } from '../api/auth';
import { usePainted } from '../lib/afterPaint';
import { BrandLogo, PRODUCT_NAME } from '../components/BrandMark';
import { clearListState } from '../lib/storage';

const ICONS: Record<string, LucideIcon> = {
  home: House,
  noticeboard: Megaphone,
  quickAdd: CirclePlus,
  formSubmission: FileText,
  auditInspection: ClipboardCheck,
  documents: FolderOpen,
  actionRegister: ListChecks,
  reminders: Bell,
  humanResources: Users,
  assets: Package,
  externalParties: Building2,
  externalPartiesPortal: KeyRound,
  risk: ShieldAlert,
  hazardous: FlaskConical,
  obligations: Scale,
  reportChart: ChartColumn,
  vismate: IdCard,
  timesheet: Clock,
  system: Settings,
  helpCentre: LifeBuoy,
};

function pathMatches(pathname: string, path: string | undefined): boolean {
  if (!path) return false;
  return pathname === path || pathname.startsWith(`${path}/`);
}

function containsPath(item: MenuItem, pathname: string): boolean {
  if (pathMatches(pathname, item.path) && !item.external) return true;
  return (item.children ?? []).some((child) => containsPath(child, pathname));
}

interface SideNavProps {
  permissions: TPermissions;
  collapsed: boolean;
  onExpand: () => void;
  /** Called after a menu item is followed (the layout closes the overlay on small screens). */
  onNavigate: () => void;
}

/** The left navigation of 000 section 2.6, rendered from the shared visibleMenu rule. */
export function SideNav({ permissions, collapsed, onExpand, onNavigate }: SideNavProps) {
  const { pathname } = useLocation();
  // Only the help centre's address: asked for once the screen has been painted, so that the first
  // screen's paint does not wait on it (docs/performance.md, "The dashboard page").
  const configuration = useConfiguration(usePainted());
  const items = useMemo(
    () =>
      visibleMenu({
        userType: permissions.userType,
        employeeId: permissions.employeeId,
        personnelId: permissions.personnelId,
        access: permissions.access,
      }),
    [permissions.userType, permissions.employeeId, permissions.personnelId, permissions.access],
  );
  const [toggled, setToggled] = useState<Record<string, boolean>>({});

  function isOpen(item: MenuItem): boolean {
    return toggled[item.id] ?? containsPath(item, pathname);
  }

  function toggle(item: MenuItem) {
    if (collapsed) {
      onExpand();
      setToggled((state) => ({ ...state, [item.id]: true }));
      return;
    }
    setToggled((state) => ({ ...state, [item.id]: !isOpen(item) }));
  }

  function follow() {
    clearListState();
    onNavigate();
  }

  function renderItem(item: MenuItem, depth: number) {
    const Icon = depth === 0 ? (ICONS[item.id] ?? Circle) : null;
    const linkClass = depth === 0 ? 'nav-link' : 'nav-link nav-sublink';

    if (item.children) {
      const open = isOpen(item) && !collapsed;
      const groupId = `nav-group-${item.id}`;
      const active = containsPath(item, pathname);
      return (
        <li key={item.id}>
          <button
            type="button"
            className={`${linkClass}${active ? ' contains-active' : ''}`}
            aria-expanded={open}
            aria-controls={groupId}
            onClick={() => toggle(item)}
            title={collapsed ? item.label : undefined}
          >
            {Icon && <Icon aria-hidden="true" />}
            <span className="nav-label">{item.label}</span>
            <ChevronRight className="nav-chevron" aria-hidden="true" />
          </button>
          {open && (
            <ul className="nav-list" id={groupId} aria-label={item.label}>
              {item.children.map((child) => renderItem(child, depth + 1))}
            </ul>
          )}
        </li>
      );
    }

    if (item.external) {
      const href = item.id === 'helpCentre' ? (configuration.data?.helpCentreUrl ?? item.path) : item.path;
      return (
        <li key={item.id}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClass}
            title={collapsed ? item.label : undefined}
            aria-label={`${item.label} (opens in a new tab)`}
          >
            {Icon && <Icon aria-hidden="true" />}
            <span className="nav-label">{item.label}</span>
            <ExternalLink className="nav-external" aria-hidden="true" />
          </a>
        </li>
      );
    }

    return (
      <li key={item.id}>
        <NavLink
          to={item.path ?? '/dashboard'}
          className={({ isActive }) => `${linkClass}${isActive ? ' active' : ''}`}
          onClick={follow}
          title={collapsed ? item.label : undefined}
        >
          {Icon && <Icon aria-hidden="true" />}
          <span className="nav-label">{item.label}</span>
        </NavLink>
      </li>
    );
  }

  const mainItems = items.filter((item) => item.id !== 'helpCentre');
  const helpItem = items.find((item) => item.id === 'helpCentre');

  return (
    <nav className="sidenav" id="app-sidenav" data-collapsed={collapsed} aria-label="Main navigation">
      <Link to="/dashboard" className="sidenav-brand" onClick={follow} aria-label={`${PRODUCT_NAME} home`}>
        {permissions.companyLogo && !collapsed ? (
          // The organisation's own logo (System Administration > Preferences) replaces the product mark.
          <img className="company-logo" src={permissions.companyLogo} alt={permissions.companyName} />
        ) : (
          <>
            <BrandLogo />
            <span className="sidenav-brand-text">{PRODUCT_NAME}</span>
          </>
        )}
      </Link>
      <div className="sidenav-scroll">
        <ul className="nav-list">{mainItems.map((item) => renderItem(item, 0))}</ul>
      </div>
      {helpItem && (
        <div className="sidenav-footer">
          <ul className="nav-list">{renderItem(helpItem, 0)}</ul>
        </div>
      )}
    </nav>
  );
}
