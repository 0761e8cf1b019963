import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLogo, PRODUCT_NAME } from '../components/BrandMark';

/** A plain page frame (top bar with the product name) for public pages outside the shell. */
export function StandaloneLayout({ children }: { children: ReactNode }) {
  return (
    <div className="standalone">
      <header className="standalone-bar">
        <Link to="/dashboard" className="brand-mark">
          <BrandLogo />
          {PRODUCT_NAME}
        </Link>
      </header>
      <main className="standalone-main" id="main-content">
        {children}
      </main>
    </div>
  );
}
