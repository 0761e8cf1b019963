import { Compass } from 'lucide-react';
import { HomeLink, StatePanel } from '../components/StatePanel';
import { usePageTitle } from './pageTitle';
import { StandaloneLayout } from './StandaloneLayout';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <StandaloneLayout>
      <StatePanel
        icon={Compass}
        tone="warning"
        badge="Error 404"
        heading="h1"
        title="Page not found"
        message="The page you are looking for does not exist or has moved. Check the address, or start again from Home."
        actions={<HomeLink />}
      />
    </StandaloneLayout>
  );
}
