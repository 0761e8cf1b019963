import { Blocks } from 'lucide-react';
import { useMatches } from 'react-router';
import { HomeLink, StatePanel } from '../components/StatePanel';
import { usePageTitle } from './pageTitle';

export interface AreaHandle {
  area: string;
}

function isAreaHandle(handle: unknown): handle is AreaHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as AreaHandle).area === 'string';
}

/** The name of the deepest matched route that declares an area in its handle. */
export function useAreaName(): string {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isAreaHandle(handle)) return handle.area;
  }
  return 'This module';
}

function UnavailablePanel({ area }: { area: string }) {
  return (
    <StatePanel
      icon={Blocks}
      title={`${area} is not available yet`}
      message={`The ${area} module is not available in this installation yet. Nothing has been lost: once the module is installed, its pages will open here.`}
      actions={<HomeLink />}
    />
  );
}

/** A guarded area whose screens are not built yet, shown inside the application shell. */
export function ModuleUnavailablePage() {
  const area = useAreaName();
  usePageTitle(area);
  return <UnavailablePanel area={area} />;
}
