import type { ReactNode } from 'react';
import { BrandMark } from '../components/BrandMark';

/**
 * A plain page frame for public pages outside the shell: a top bar with the brand (the product's
 * name, a link home, unless the page gives its own) over the page.
 */
export function StandaloneLayout({
  brand = <BrandMark to="/dashboard" />,
  children,
}: {
  brand?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="standalone">
      <header className="standalone-bar">{brand}</header>
      <main className="standalone-main" id="main-content">
        {children}
      </main>
    </div>
  );
}
