import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchFile } from './client';

/**
 * A file answered by a call that needs the session (a QR code, a supplier's logo) as an object URL
 * for an <img src>, which cannot send the session header. Nothing is fetched without a `url`; the
 * object URL is released when the component goes or the file changes.
 */
export function useFileObjectUrl(queryKey: QueryKey, url: string | null) {
  const query = useQuery({
    queryKey,
    enabled: !!url,
    staleTime: Infinity,
    // A released URL must not outlive its component in the cache: a page opened again fetches anew.
    gcTime: 0,
    meta: { silent: true },
    queryFn: async ({ signal }) => URL.createObjectURL(await fetchFile(url!, signal)),
  });
  const objectUrl = query.data;
  useEffect(() => () => (objectUrl ? URL.revokeObjectURL(objectUrl) : undefined), [objectUrl]);
  return query;
}
