import {
  noticeAdminDetailsCall,
  noticeAdminListCall,
  noticeAudienceOptionsCall,
  noticeboardListCall,
  noticeCall,
  type TNoticeAdminListRequest,
} from '@compass/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { changeLogKeys, dashboardKeys } from '../../api/queryKeys';
import { browserTimeZone } from '../../lib/timeZone';

export const noticeKeys = {
  admin: ['notices', 'admin'] as const,
  details: (noticeId: string | undefined) => ['notices', 'admin', 'details', noticeId] as const,
  audience: ['notices', 'audience'] as const,
};

/** Every change to a notice: the managers' list, the readers' board and the dashboard. */
export const NOTICE_CHANGES = [noticeKeys.admin, dashboardKeys.all, changeLogKeys.all];

/** POST /api/noticeAdminList: one page of every notice, for the managers' list. */
export function fetchAdminNotices(request: TNoticeAdminListRequest) {
  return callApi(noticeAdminListCall, { body: request });
}

/** One notice as its managers edit it; nothing to ask for a new one. */
export function useNoticeDetails(noticeId: string | undefined) {
  return useQuery({
    queryKey: noticeKeys.details(noticeId),
    queryFn: () => callApi(noticeAdminDetailsCall, { body: { _id: noticeId! } }),
    enabled: Boolean(noticeId),
  });
}

/** The workplaces, roles and suppliers a notice can be shown to. */
export function useAudienceOptions() {
  return useQuery({
    queryKey: noticeKeys.audience,
    queryFn: () => callApi(noticeAudienceOptionsCall, {}),
  });
}

/** POST /api/noticeboardList: one page of the notices that reach the reader. */
export function useNoticeboardPage(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...dashboardKeys.noticeboard, 'page', page, pageSize],
    queryFn: () =>
      callApi(noticeboardListCall, { body: { page, pageSize, localTimeZone: browserTimeZone() } }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/notices/:id: one notice with its whole content. */
export function useNotice(id: string) {
  return useQuery({
    queryKey: dashboardKeys.notice(id),
    queryFn: () => callApi(noticeCall, { params: { id }, query: { localTimeZone: browserTimeZone() } }),
  });
}
