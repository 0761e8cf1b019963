import { Compass } from 'lucide-react';

export const PRODUCT_NAME = 'Compass';

export function BrandLogo() {
  return (
    <span className="brand-logo" aria-hidden="true">
      <Compass size={20} strokeWidth={2.25} />
    </span>
  );
}
