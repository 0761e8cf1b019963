import { MENU_COLLAPSE_MAX_WIDTH } from '@compass/shared';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { usePermissions } from '../api/auth';
import { PageSpinner } from '../components/Spinner';
import { Header } from './Header';
import { PageTitleProvider } from './pageTitle';
import { SideNav } from './SideNav';

function isSmallScreen(): boolean {
  return window.innerWidth <= MENU_COLLAPSE_MAX_WIDTH;
}

/** The signed-in layout: left navigation, header with the page title, and the page. */
export function AppLayout() {
  const permissions = usePermissions();
  const [collapsed, setCollapsed] = useState(isSmallScreen);

  if (!permissions.data) return <PageSpinner label="Loading your workspace…" />;

  return (
    <PageTitleProvider>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <div className="app-shell">
        <SideNav
          permissions={permissions.data}
          collapsed={collapsed}
          onExpand={() => setCollapsed(false)}
          onNavigate={() => {
            if (isSmallScreen()) setCollapsed(true);
          }}
        />
        <button
          type="button"
          className="sidenav-backdrop"
          aria-label="Close navigation"
          tabIndex={-1}
          onClick={() => setCollapsed(true)}
        />
        <div className="app-main">
          <Header
            permissions={permissions.data}
            navCollapsed={collapsed}
            onToggleNav={() => setCollapsed((value) => !value)}
          />
          <main className="app-content" id="main-content" tabIndex={-1}>
            <Outlet />
          </main>
        </div>
      </div>
    </PageTitleProvider>
  );
}
