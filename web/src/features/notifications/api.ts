import {
  mailCategoryListCall,
  testMailStatusCall,
  unsubscribedUserListCall,
  type CallInput,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';

export const notificationKeys = {
  unsubscribed: ['notifications', 'unsubscribed'] as const,
  categories: ['notifications', 'categories'] as const,
  testMail: ['notifications', 'testMail'] as const,
};

/** How often a queued test mail is looked at again, until the mail worker has sent it or given up. */
const TEST_MAIL_POLL_MS = 2_000;

/** One page of the people who unsubscribed from optional e-mail. */
export function fetchUnsubscribedUsers(request: CallInput<typeof unsubscribedUserListCall>['body']) {
  return callApi(unsubscribedUserListCall, { body: request });
}

/** The latest test mail, looked at again while it waits in the outbox. */
export function useTestMailStatus() {
  return useQuery({
    queryKey: notificationKeys.testMail,
    queryFn: () => callApi(testMailStatusCall, {}),
    refetchInterval: (query) => (query.state.data?.status === 'queued' ? TEST_MAIL_POLL_MS : false),
  });
}

/** The kinds of e-mail the organisation sends, with how many went out lately. */
export function useMailCategories() {
  return useQuery({
    queryKey: notificationKeys.categories,
    queryFn: () => callApi(mailCategoryListCall, {}),
  });
}
