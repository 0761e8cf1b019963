import { Compass } from 'lucide-react';
import { Link } from 'react-router';

export const PRODUCT_NAME = 'Compass';

export function BrandLogo() {
  return (
    <span className="brand-logo" aria-hidden="true">
      <Compass size={20} strokeWidth={2.25} />
    </span>
  );
}

/** The logo and the product's (or an organisation's) name; a link home when given `to`. */
export function BrandMark({ to, name = PRODUCT_NAME }: { to?: string; name?: string }) {
  const content = (
    <>
      <BrandLogo />
      {name}
    </>
  );
  return to ? (
    <Link to={to} className="brand-mark">
      {content}
    </Link>
  ) : (
    <span className="brand-mark">{content}</span>
  );
}
