import { relatedOptionSearchCall, type TRelatedLists, type TRelatedSearchKind } from '@compass/shared';
import { useMemo, useState } from 'react';
import { callApi } from '../../api/client';
import {
  referencesFromRelatedLists,
  type ReferenceOption,
  type References,
  type ReferenceSearch,
} from '../../fields';
import { linkOptions } from '../links';
import { submissionKeys } from './api';

/**
 * The reference lists of a form screen: its related lists, the server search of the long ones
 * (relatedOptionSearch, through the page's link when it has one), and the names of the records
 * picked on this screen, kept across the editor's reloads until the lists name them.
 */
export function usePickReferences(
  lists: TRelatedLists | undefined,
  { link, fullListsOnly }: { link?: string | null; fullListsOnly?: boolean } = {},
): References | null {
  const [picked, setPicked] = useState<ReferenceOption[]>([]);
  return useMemo(() => {
    if (!lists) return null;
    const searched = (kind: TRelatedSearchKind): ReferenceSearch => ({
      key: [...submissionKeys.optionSearch, kind, link ?? ''],
      search: async (search, page) => {
        const found = await callApi(
          relatedOptionSearchCall,
          { body: { kind, search, page } },
          link ? linkOptions(link) : undefined,
        );
        return {
          options: found.options.map((option) => ({ value: option._id, label: option.name })),
          hasMore: found.hasMore,
        };
      },
      remember: (option) =>
        setPicked((previous) =>
          previous.some((known) => known._id === option._id) ? previous : [...previous, option],
        ),
    });
    return referencesFromRelatedLists(lists, { fullListsOnly, searched, picked });
  }, [lists, link, fullListsOnly, picked]);
}
