import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { PRODUCT_NAME } from '../components/BrandMark';

type SetTitle = (title: string) => void;

const PageTitleContext = createContext<{ title: string; setTitle: SetTitle }>({
  title: '',
  setTitle: () => {},
});

export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState('');
  return <PageTitleContext.Provider value={{ title, setTitle }}>{children}</PageTitleContext.Provider>;
}

/** The title shown in the header for the current page. */
export function useCurrentPageTitle(): string {
  return useContext(PageTitleContext).title;
}

/** Sets the header title (inside the shell) and the document title for the current page. */
export function usePageTitle(title: string): void {
  const { setTitle } = useContext(PageTitleContext);
  useEffect(() => {
    setTitle(title);
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title, setTitle]);
}
