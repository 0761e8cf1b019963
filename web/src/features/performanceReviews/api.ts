import {
  performanceReviewDetailsCall,
  performanceReviewExportCall,
  performanceReviewHistoryCall,
  performanceReviewPeopleSearchCall,
} from '@compass/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { API_BASE, callApi, callUrl } from '../../api/client';
import { ApiError } from '../../api/errors';
import { dashboardKeys } from '../../api/queryKeys';
import { NO_ACCOUNT_MATCH, type Person } from '../../components/PersonField';
import type { PickerPage } from '../../components/SearchPicker';

export const performanceReviewKeys = {
  all: ['performanceReviews'] as const,
  list: ['performanceReviews', 'list'] as const,
  details: (id: string) => ['performanceReviews', 'details', id] as const,
  history: (employeeId: string) => ['performanceReviews', 'history', employeeId] as const,
  people: (role: PeopleRole) => ['performanceReviews', 'people', role] as const,
};

/** What every change of a review refreshes: the review's pages and the dashboards' items. */
export const REVIEW_CHANGES = [performanceReviewKeys.all, dashboardKeys.all];

type PeopleRole = 'employee' | 'reviewer';

/**
 * The manager of each employee the search has found, so that choosing one can propose their
 * manager as the reviewer; kept as long as the searches' answers are.
 */
const managers = new Map<string, Person | null>();
export const managerOf = (employeeId: string) => managers.get(employeeId) ?? null;

/** Employees by name with their position: whom the caller may review, or who may review (signs in). */
function peopleSearch(role: PeopleRole) {
  return {
    queryKey: performanceReviewKeys.people(role),
    search: async (text: string): Promise<PickerPage> => {
      const people = await callApi(performanceReviewPeopleSearchCall, { body: { search: text, role } });
      for (const person of people)
        managers.set(
          person._id,
          person.managerEmployeeId && person.managerName
            ? { _id: person.managerEmployeeId, name: person.managerName }
            : null,
        );
      return {
        options: people.map((person) => ({
          value: person._id,
          label: person.name,
          detail: person.positionName ?? undefined,
        })),
        hasMore: false,
      };
    },
  };
}
export const REVIEWED_EMPLOYEES = peopleSearch('employee');
export const REVIEWERS = { ...peopleSearch('reviewer'), empty: NO_ACCOUNT_MATCH };

/** One review as the caller may see it, with what they may do; a refusal shows on the page. */
export function useReviewDetails(id: string) {
  return useQuery({
    queryKey: performanceReviewKeys.details(id),
    queryFn: () => callApi(performanceReviewDetailsCall, { body: { _id: id } }),
    retry: false,
    meta: { silent: true },
  });
}

/** A page of one employee's reviews, latest period first; a refusal shows on the page. */
export function useReviewHistory(employeeId: string, paging: { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...performanceReviewKeys.history(employeeId), paging],
    queryFn: () => callApi(performanceReviewHistoryCall, { body: { employeeId, ...paging } }),
    placeholderData: keepPreviousData,
    retry: false,
    meta: { silent: true },
  });
}

/** The register's CSV with the filters and search applied. */
export const performanceReviewExportUrl = (query: Record<string, string>) =>
  `${API_BASE}${callUrl(performanceReviewExportCall, { query })}`;

/**
 * Whether a change was refused because someone else changed the review since it was read (a
 * stale version): the page then offers to reload it. `onError` of a change sets it.
 */
export function useStaleVersion() {
  const [stale, setStale] = useState(false);
  return {
    stale,
    clear: () => setStale(false),
    onError: (error: unknown) => {
      if (error instanceof ApiError && error.errorCode === 'stale_version') setStale(true);
    },
  };
}
